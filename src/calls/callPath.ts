// The one path every transport's call takes (pure): find the tool, apply the outside-workspace
// policy (`ask` goes to the caller's confirmation), run, record the outcome with its source, and
// schedule what the person sees after the answer has gone back. A transport is a small adapter.
import type { EngineDeps } from '../engine/baseQuery';
import type { CancellationLike } from '../engine/budget';
import { LspToolError } from '../engine/errors';
import type { OutcomeHeader } from '../engine/outcome';
import type { QuerySource, RecentOutcomes, RecordedOutcome } from '../engine/recentOutcomes';
import type { AnswerBudget } from '../text/answerBudget';
import { AfterAnswer } from './afterAnswer';
import type { AnyToolDefinition, Localize, ToolDefinition } from '../tools/definition';

export type Transport = 'lm' | 'mcp' | 'command' | 'participant';

/** What a caller is asked before a call reads a file outside every workspace folder. */
export interface ConfirmRequest {
  title: string;
  message: string;
  /** The file_path as the call wrote it. */
  filePath: string;
  /** The file it resolved to (a URI string). */
  uri: string;
  toolName: string;
}

export interface Caller {
  transport: Transport;
  /** Who called, when the transport knows (an MCP client's name): shown with the card's title. */
  label?: string;
  /** Asks the person; false refuses the call. */
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** How much of the answer the caller's reader takes inline (text/answerBudget.ts); none: the hard cap alone. */
  budget?: AnswerBudget;
}

export interface CallResult<O extends OutcomeHeader = OutcomeHeader> {
  /** The outcome's id in the store. */
  id: number;
  outcome: O;
  /** What the caller's model reads. */
  text: string;
}

export interface CallPathDeps {
  engine: EngineDeps;
  outcomes: RecentOutcomes;
  /** The confirmation's words (localised by the wiring); `uri` is the resolved file. */
  confirmation(toolName: string, uri: string): { title: string; message: string };
  /** Whether a tool that writes may run now (the workspace is trusted, and writing is on); absent: it may. */
  writes?: () => boolean;
  /** What the person sees of a call (the card, follow-along), as recorded; runs after the answer has gone back. */
  present?: (recorded: RecordedOutcome) => Promise<void> | void;
}

function parses(definition: AnyToolDefinition, input: unknown): boolean {
  try {
    definition.parse(input);
    return true;
  } catch {
    return false;
  }
}

const SOURCE: Record<Transport, QuerySource> = { lm: 'tool', mcp: 'mcp', command: 'command', participant: 'participant' };

export class CallPath {
  private readonly engines = new Map<AnyToolDefinition, unknown>();
  private readonly byName: ReadonlyMap<string, AnyToolDefinition>;
  private readonly after = new AfterAnswer();
  /** Calls whose changes were put back. */
  private readonly undone = new Set<number>();

  constructor(
    readonly tools: readonly AnyToolDefinition[],
    private readonly deps: CallPathDeps,
  ) {
    this.byName = new Map(tools.map((tool) => [tool.schema.name, tool]));
  }

  /** The tool's engine, made on first use over the shared ports and readiness. */
  engineOf<E, O extends OutcomeHeader>(definition: ToolDefinition<E, O, unknown>): E {
    let engine = this.engines.get(definition);
    if (engine === undefined) this.engines.set(definition, (engine = definition.createEngine(this.deps.engine)));
    return engine as E;
  }

  /** Whether the tools that write may run now. */
  writes(): boolean {
    return this.deps.writes?.() ?? true;
  }

  definition(name: string): AnyToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** Runs a call without recording it or showing it (the structured twins, the commands' own recording). */
  execute<E, O extends OutcomeHeader>(definition: ToolDefinition<E, O, unknown>, input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<O> {
    return definition.execute(this.engineOf(definition), input, token, fit === undefined ? {} : { fit });
  }

  /**
   * The confirmation a call needs before it runs: under `ask`, for a file outside every workspace
   * folder. Undefined when none is needed, or when the path does not resolve (the call reports that).
   */
  async confirmationFor(definition: AnyToolDefinition, input: unknown): Promise<ConfirmRequest | undefined> {
    const filePath = definition.filePath(input);
    if (this.deps.engine.settings().outsideWorkspace !== 'ask' || typeof filePath !== 'string' || filePath.trim() === '') return undefined;
    try {
      // Kept by the resolution cache: the call's own resolution then costs a stat per path looked at.
      const file = await this.deps.engine.workspace.resolveFile(filePath, definition.schema.name);
      if (file.inside) return undefined;
      return { ...this.deps.confirmation(definition.schema.name, file.uri), filePath, uri: file.uri, toolName: definition.schema.name };
    } catch {
      return undefined;
    }
  }

  /** What the chat's confirmation of a tool that writes says (its definition's `confirmation`), with a plain one where it has none. */
  async writeConfirmation(definition: AnyToolDefinition, input: unknown, context: { l10n: Localize }): Promise<{ title: string; message: string }> {
    const said = await definition.confirmation?.(this.engineOf(definition), input, context).catch((): undefined => undefined);
    const name = definition.schema.name;
    return said ?? { title: context.l10n.t('Run {0}?', name), message: context.l10n.t('The `{0}` tool changes files.', name) };
  }

  /** One call from any transport; throws LspToolError (its message starts with the code). */
  async call(name: string, input: unknown, caller: Caller, token?: CancellationLike): Promise<CallResult> {
    const definition = this.byName.get(name);
    if (!definition) {
      throw new LspToolError('LSP_INVALID_ARGUMENT', `no tool is named "${name}". Call one of ${[...this.byName.keys()].join(', ')}.`);
    }
    return this.callAs(definition as ToolDefinition<unknown, OutcomeHeader, unknown>, input, caller, token);
  }

  /** The same call, for a caller that knows the tool and reads its outcome (the palette commands). */
  async callAs<E, O extends OutcomeHeader>(
    definition: ToolDefinition<E, O, unknown>,
    input: unknown,
    caller: Caller,
    token?: CancellationLike,
  ): Promise<CallResult<O>> {
    const name = definition.schema.name;
    if (definition.api.writes && !this.writes()) {
      throw new LspToolError(
        'LSP_WRITING_DISABLED',
        `${name} changes files, and writing is off here (Restricted Mode, or lspTool.writingTools is false): nothing was changed. Make the change another way, or ask the person to trust the workspace or turn lspTool.writingTools on.`,
      );
    }
    const engine = this.engineOf(definition);
    // A warm question goes to the server first; the checks below run while it answers (engine/earlyAnswer.ts).
    const early = token?.isCancellationRequested === true ? undefined : definition.askEarly?.(engine, input);
    // Bad input is not worth a question: the run below reports (and logs) it.
    const request = parses(definition, input) ? await this.confirmationFor(definition, input) : undefined;
    if (request !== undefined && !(await caller.confirm(request))) {
      throw new LspToolError(
        'LSP_OUTSIDE_WORKSPACE_DENIED',
        `file_path "${request.filePath}" is outside every workspace folder, and the person in VS Code declined or did not answer in time (lspTool.outsideWorkspace is "ask"). Call ${name} on a file inside the workspace.`,
      );
    }
    // A terminal agent reads the files on disk; the chat and the person read the editor's text.
    const view = caller.transport === 'mcp' ? 'disk' : 'editor';
    const outcome = await definition.execute(engine, input, token, { ...(caller.budget && { fit: caller.budget }), ...(early && { early }), view });
    const source = SOURCE[caller.transport];
    const id = this.deps.outcomes.record(outcome, source, caller.label);
    const present = this.deps.present;
    if (present) this.after.run(() => present(caller.label === undefined ? { id, source, outcome } : { id, source, label: caller.label, outcome }));
    return { id, outcome, text: outcome.text };
  }

  /** The call as a transport answers it: the text, or a thrown LspToolError. */
  readonly callTool = async (name: string, input: unknown, caller: Caller, token?: CancellationLike): Promise<{ text: string }> => ({
    text: (await this.call(name, input, caller, token)).text,
  });

  /**
   * Puts back what a recorded call of a tool that writes changed (its definition's `undo`): the one
   * with `id`, else the newest such call not undone yet. Once per call. Undefined when there is none.
   */
  async undo(id?: number): Promise<OutcomeHeader | undefined> {
    const undoable = (recorded: RecordedOutcome | undefined): recorded is RecordedOutcome =>
      recorded !== undefined && !this.undone.has(recorded.id) && this.byName.get(recorded.outcome.tool)?.undo !== undefined;
    const recorded = id !== undefined ? this.deps.outcomes.get(id) : [...this.deps.outcomes.all()].reverse().find(undoable);
    if (!undoable(recorded)) return undefined;
    const definition = this.byName.get(recorded.outcome.tool)! as ToolDefinition<unknown, OutcomeHeader, unknown>;
    this.undone.add(recorded.id);
    await definition.undo!(this.engineOf(definition), recorded.outcome);
    return recorded.outcome;
  }

  /** Resolves once what earlier calls set off for the person (card, follow-along) has run. */
  settled(): Promise<void> {
    return this.after.settled();
  }
}
