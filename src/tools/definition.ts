// One tool, defined once (pure): its name and schema, its engine, how a call is titled and what file
// it reads, its structured value and its card body. The call path, the transports, the API and the
// card loop over these. What only one tool has (its palette commands in commands/, its @lsp reply
// in chat/, its hand-off in references/) imports that tool's folder directly. (Its manifest entry,
// with the descriptions, is the folder's manifest.ts: see manifests.ts.)
import type { CardBody } from '../card/webview/protocol';
import type { CallOptions, EngineDeps } from '../engine/baseQuery';
import type { CancellationLike } from '../engine/budget';
import type { EarlyAnswer } from '../engine/earlyAnswer';
import type { OutcomeHeader } from '../engine/outcome';
import type { Workspace } from '../engine/ports';
import type { ToolSchema } from '../engine/toolSchema';
import type { WorkspaceRoot } from '../text/displayPath';

/** What a card body may read: the workspace's roots for display paths, source lines for previews. */
export interface CardContext {
  roots: readonly WorkspaceRoot[];
  readLines: Workspace['readLines'];
}

export interface ToolDefinition<E = unknown, O extends OutcomeHeader = OutcomeHeader, R = unknown> {
  schema: ToolSchema;
  /**
   * Where the extension's API puts the tool: `twin` its structured twin (the value, not the text),
   * `tool` the registered language-model tool; `command` runs the twin from scripts.
   */
  api: { twin: string; tool: string; command: string };
  /** Validates the raw input into the engine's arguments; throws LspToolError('LSP_INVALID_ARGUMENT'). */
  parse(input: unknown): unknown;
  /** The tool's engine over the shared ports and readiness (made once per activation). */
  createEngine(deps: EngineDeps): E;
  /**
   * Asks the call's question at once, before the call's checks, when it can be known without them
   * (engine/earlyAnswer.ts); undefined when it cannot. Never throws: the call reports bad input.
   */
  askEarly?(engine: E, input: unknown): EarlyAnswer | undefined;
  /** Validates, runs and renders one call; throws LspToolError for bad input, timeout and cancellation. */
  execute(engine: E, input: unknown, token?: CancellationLike, options?: CallOptions): Promise<O>;
  /** The canonical value (zero-based, uncapped) of the structured twin. */
  structured(outcome: O): R;
  /** The invocation title, from the raw input as the caller wrote it. */
  title(input: unknown): string;
  /** The file the call reads, from the raw input, for the outside-workspace policy. */
  filePath(input: unknown): unknown;
  isOutcome(outcome: OutcomeHeader): outcome is O;
  cardBody(outcome: O, context: CardContext): CardBody | Promise<CardBody>;
}

/** Any tool's definition, as the lists and loops hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own engine and outcome types
export type AnyToolDefinition = ToolDefinition<any, any, any>;

/** The raw input as a record of fields, or undefined when it is not an object. */
export function inputFields(input: unknown): Record<string, unknown> | undefined {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : undefined;
}
