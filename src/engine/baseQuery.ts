// What every tool's query shares: the ports, the one readiness step, the one log line per call, and
// opening the file a call names (under the outside-workspace policy, the position checked and snapped).
import { alignToCodePoint, snapToSymbol } from '../text/position';
import type { AnswerBudget } from '../text/answerBudget';
import type { Budget } from './budget';
import { diskToEditor, type CallerView } from './callerFiles';
import type { EarlyAnswer } from './earlyAnswer';
import { LspToolError } from './errors';
import { snapNote } from './notes';
import type { DiagnosticsPort, DocumentSnapshot, EngineLog, LanguageFeatures, ResolvedFile, Workspace, WorkspaceEdits } from './ports';
import type { PositionArgs } from './positionInput';
import { formatQueryError, formatQueryLine, type LoggedAnswer } from './queryLog';
import { ImplementationEvidence } from './providerEvidence';
import { DEFAULT_TUNING, growsWhileLoading, settle, WarmKeys, type Provisional, type ReadinessTuning, type Settled } from './readiness';
import { sameAsSets } from './sameSet';
import { warmAnswer } from './warmAnswer';
import type { LspPosition } from './result';
import type { LspToolSettings } from './settings';

/** What a transport adds to a call: what the reader takes inline, what askEarly asked, where the caller reads files. */
export interface CallOptions {
  fit?: AnswerBudget;
  early?: EarlyAnswer;
  /** Default `editor`. */
  view?: CallerView;
}

export interface EngineDeps {
  workspace: Workspace;
  features: LanguageFeatures;
  settings: () => LspToolSettings;
  log: EngineLog;
  /** Readiness state, shared by every tool and with whatever cools it (the platform's watchers). */
  warm?: WarmKeys;
  /** Which languages' implementation providers are known to exist, shared by every tool. */
  evidence?: ImplementationEvidence;
  tuning?: ReadinessTuning;
  /** The editor's diagnostics and its watch of changes (lsp_diagnostics); absent, that tool says so. */
  diagnostics?: DiagnosticsPort;
  /** The workspace's edits, for the tools that write; absent, they say so. */
  edits?: WorkspaceEdits;
  /** Milliseconds now, for the log's durations. */
  now?: () => number;
}

/** What the readiness step keys warmth by: a folder, a language and the question asked. */
export interface ReadinessKey {
  folder: string;
  languageId: string;
  question: string;
}

export interface SettledAnswer<T> {
  value: T;
  /** `partial`: the answers never held still inside the budget. */
  completeness: 'complete' | 'partial';
  waitedMs: number;
  /** The language's server was never seen up (untilServerUp): the empty answer may not be final. */
  silentServer?: true;
}

export abstract class EngineQuery {
  readonly warm: WarmKeys;
  readonly evidence: ImplementationEvidence;
  protected readonly now: () => number;

  constructor(protected readonly deps: EngineDeps) {
    this.warm = deps.warm ?? new WarmKeys();
    this.evidence = deps.evidence ?? new ImplementationEvidence();
    this.now = deps.now ?? (() => performance.now());
  }

  /**
   * One answer when the key is warm (or `once` is all there can be); until then, answers asked again
   * until they hold still inside the budget, provisional ones trusted only after the longer window.
   * Answers are compared as sets (engine/sameSet.ts) unless `same` says otherwise. A warm answer
   * that is `empty` is asked again until it holds still (engine/warmAnswer.ts): on every language
   * ContentModified reaches the extension as [].
   */
  protected async settled<T>(
    key: ReadinessKey,
    once: () => Promise<T>,
    provisional: (value: T) => boolean,
    budget: Budget,
    options: {
      same?: (a: T, b: T) => boolean;
      askOnce?: boolean;
      empty?: (value: T) => boolean;
      tuning?: ReadinessTuning;
      /** Whether the language's server is up after all, asked about an empty answer until it is (see untilServerUp). */
      serverUp?: () => Promise<boolean>;
    } = {},
  ): Promise<SettledAnswer<T>> {
    const same = options.same ?? sameAsSets;
    const tuning = options.tuning ?? this.deps.tuning ?? DEFAULT_TUNING;
    if (options.askOnce === true) return { value: await once(), completeness: 'complete', waitedMs: 0 };
    if (this.warm.has(key.folder, key.languageId, key.question)) {
      if (options.empty === undefined) return { value: await once(), completeness: 'complete', waitedMs: 0 };
      const warm = await warmAnswer(once, options.empty, same, budget, tuning);
      return { value: warm.value, completeness: warm.stable ? 'complete' : 'partial', waitedMs: warm.waitedMs };
    }
    const growing = growsWhileLoading(key.languageId);
    const { empty, serverUp } = options;
    const result =
      empty !== undefined && serverUp !== undefined
        ? await this.untilServerUp(key.languageId, once, provisional, same, empty, serverUp, budget, tuning, growing)
        : { ...(await settle(once, provisional, same, budget, tuning, { growing })), silent: false };
    // A key stays cold while its server has never been seen up: the next question waits for it again.
    if (result.stable && !result.silent) this.warm.add(key.folder, key.languageId, key.question);
    const answer: SettledAnswer<T> = { value: result.value, completeness: result.stable ? 'complete' : 'partial', waitedMs: result.waitedMs };
    if (result.silent) answer.silentServer = true;
    return answer;
  }

  /**
   * The readiness step for a language whose server may not be up yet. Until a language client's
   * server has initialised, it has registered no provider, and every provider command answers []
   * (VS Code cannot tell that from "none"): so an empty answer waits the longer starting window until
   * the server is seen up, by a non-empty answer or by `serverUp` (the file's outline, which any
   * server gives once it has read the file). Seeing it up counts as a change: the usual windows
   * start from there. Languages no installed extension serves, and those seen up, pay nothing.
   * `silent`: the last answer came while the server had still not been seen up (so it is empty).
   */
  private async untilServerUp<T>(
    languageId: string,
    once: () => Promise<T>,
    provisional: (value: T) => boolean,
    same: (a: T, b: T) => boolean,
    empty: (value: T) => boolean,
    serverUp: () => Promise<boolean>,
    budget: Budget,
    tuning: ReadinessTuning,
    growing: boolean,
  ): Promise<Settled<T> & { silent: boolean }> {
    if (this.warm.serverUp(languageId) || !this.deps.features.servesLanguage(languageId)) {
      return { ...(await settle(once, provisional, same, budget, tuning, { growing })), silent: false };
    }
    const ask = async (): Promise<{ value: T; starting: boolean }> => {
      const value = await once();
      if (!this.warm.serverUp(languageId) && (!empty(value) || (await serverUp()))) this.warm.sawServerUp(languageId);
      return { value, starting: !this.warm.serverUp(languageId) };
    };
    const result = await settle(
      ask,
      (answer): Provisional => (answer.starting ? 'starting' : provisional(answer.value)),
      (a, b) => a.starting === b.starting && same(a.value, b.value),
      budget,
      tuning,
      { growing },
    );
    return { ...result, value: result.value.value, silent: result.value.starting };
  }

  /** The probe for untilServerUp on a file: its outline has something in it (a provider that fails says nothing). */
  protected outlines(uri: string, budget: Budget): () => Promise<boolean> {
    return async () => {
      const raw = await budget.race(this.deps.features.documentSymbols(uri).catch((): unknown => undefined));
      return Array.isArray(raw) && raw.length > 0;
    };
  }

  /**
   * An early answer (engine/earlyAnswer.ts) for `question` about the document `filePath` was opened
   * as by an earlier call: only while that document is kept, was inside a workspace folder (no
   * question goes out before the outside-workspace policy could ask) and its key is warm. `ask`
   * throws or says undefined when the input does not lead to a question; so does anything else.
   */
  protected askEarlyAbout(filePath: string, question: string, ask: (document: DocumentSnapshot) => EarlyAnswer | undefined): EarlyAnswer | undefined {
    try {
      const known = this.deps.workspace.knownDocument(filePath);
      // Not about unsaved text: where a caller on the disk asks in it is known only after its checks.
      if (known === undefined || !known.inside || known.document.isDirty() || !this.warm.has(known.folder, known.document.languageId, question))
        return undefined;
      return ask(known.document);
    } catch {
      return undefined;
    }
  }

  /** Runs one tool call with its one log line: debug for an answer or a cancellation, error for a failure. */
  protected logged<T>(asked: string, run: () => Promise<T>, answered: (value: T) => LoggedAnswer): Promise<T> {
    return logged(this.deps.log, this.now, asked, run, answered);
  }
}

export async function logged<T>(log: EngineLog, now: () => number, asked: string, run: () => Promise<T>, answered: (value: T) => LoggedAnswer): Promise<T> {
  const started = now();
  try {
    const value = await run();
    log.debug(formatQueryLine(asked, now() - started, answered(value)));
    return value;
  } catch (err) {
    const line = formatQueryError(asked, now() - started, err);
    // A cancelled call is the caller's choice, not a failure.
    if (err instanceof LspToolError && err.code === 'LSP_CANCELLED') log.debug(line);
    else log.error(line);
    throw err;
  }
}

/** Resolves a file_path for `tool` under the outside-workspace policy and opens it, inside the budget. */
export async function openFile(workspace: Workspace, filePath: string, settings: LspToolSettings, budget: Budget, tool: string): Promise<DocumentSnapshot> {
  const file = await resolveUnderPolicy(workspace, filePath, settings, budget, tool);
  return budget.race(workspace.openDocument(file.uri));
}

/** Resolves a file_path for `tool`, refused when it is outside every workspace folder and the policy is `deny`. */
export async function resolveUnderPolicy(
  workspace: Workspace,
  filePath: string,
  settings: LspToolSettings,
  budget: Budget,
  tool: string,
): Promise<ResolvedFile> {
  const file = await budget.race(workspace.resolveFile(filePath, tool));
  if (!file.inside && settings.outsideWorkspace === 'deny') {
    throw new LspToolError(
      'LSP_OUTSIDE_WORKSPACE_DENIED',
      `file_path "${filePath}" is outside every workspace folder and lspTool.outsideWorkspace is "deny". Call ${tool} on a file inside the workspace.`,
    );
  }
  return file;
}

/**
 * Opens a position tool's file and finds where to ask: the position checked against the document,
 * then moved to the named symbol when there is one (with the Note that says so). A caller on the
 * disk gives a position in the disk's text: where the editor holds unsaved changes, it is checked
 * against the disk's lines and carried to the editor's text, where the servers answer.
 */
export async function openAtPosition(
  workspace: Workspace,
  args: PositionArgs,
  settings: LspToolSettings,
  budget: Budget,
  tool: string,
  view: CallerView = 'editor',
): Promise<{ document: DocumentSnapshot; queried: LspPosition; notes: string[] }> {
  const document = await openFile(workspace, args.filePath, settings, budget, tool);
  if (view === 'disk' && document.isDirty()) {
    const seen = (await budget.race(workspace.fileViews([document.uri]))).get(document.uri);
    if (seen?.unsaved !== undefined && Array.isArray(seen.disk)) {
      const disk = seen.disk;
      const onDisk = checkPosition({ lineCount: disk.length, lineText: (n) => disk[n]! }, args.position, args.filePath);
      const moved = diskToEditor(disk, seen.unsaved, onDisk);
      const found = positionIn(document, { ...args, position: moved.position });
      if (!moved.exact) found.notes.unshift(changedLineNote(args.filePath, onDisk.line, moved.position.line));
      return { document, ...found };
    }
  }
  try {
    return { document, ...positionIn(document, args) };
  } catch (err) {
    if (!(err instanceof LspToolError) || err.code !== 'LSP_POSITION_OUT_OF_RANGE') throw err;
    const detail = err.message.slice(err.code.length + 2);
    if (document.isDirty()) {
      throw new LspToolError(
        err.code,
        `${detail} The position was read against the editor's unsaved text of "${args.filePath}", not the file on disk: give a position in that text, or save the file first.`,
      );
    }
    // A file written just before the call: VS Code shows the new text a little later.
    const fresh = await reloaded(workspace, document, budget);
    if (fresh === undefined) throw err;
    return { document: fresh, ...positionIn(fresh, args) };
  }
}

/** How long a saved document may take to show a write to its file, at most (within the budget). */
const RELOAD_WAIT_MS = 3000;

/**
 * The document once VS Code has reloaded it from disk, when its text is not the disk's (a write just
 * before the call); undefined when it already was, or it did not reload within RELOAD_WAIT_MS.
 */
async function reloaded(workspace: Workspace, document: DocumentSnapshot, budget: Budget): Promise<DocumentSnapshot | undefined> {
  const disk = (await budget.race(workspace.fileViews([document.uri]))).get(document.uri)?.disk;
  if (!Array.isArray(disk) || sameLines(document, disk)) return undefined;
  const until = Date.now() + Math.min(RELOAD_WAIT_MS, budget.remaining());
  while (Date.now() < until) {
    await budget.sleep(25);
    const current = await budget.race(workspace.openDocument(document.uri));
    if (current.isDirty()) return undefined;
    if (sameLines(current, disk)) return current;
  }
  return undefined;
}

function sameLines(document: DocumentSnapshot, lines: readonly string[]): boolean {
  if (document.lineCount !== lines.length) return false;
  for (let i = 0; i < lines.length; i++) if (document.lineText(i) !== lines[i]) return false;
  return true;
}

function changedLineNote(filePath: string, diskLine: number, editorLine: number): string {
  return `line ${diskLine + 1} of "${filePath}" on disk is changed in the editor's unsaved text: asked at line ${editorLine + 1} of that text instead.`;
}

/** Where a position tool asks in `document`: the position checked, then moved to the named symbol (with the Note that says so). */
export function positionIn(document: DocumentSnapshot, args: PositionArgs): { queried: LspPosition; notes: string[] } {
  const position = checkPosition(document, args.position, args.filePath);
  const notes: string[] = [];
  let queried = position;
  if (args.symbol !== undefined) {
    const snapped = snapToSymbol((n) => (n < document.lineCount ? document.lineText(n) : undefined), position, args.symbol);
    const note = snapNote(args.symbol, position, snapped);
    if (note !== undefined) notes.push(note);
    if (snapped !== undefined) queried = snapped;
  }
  return { queried, notes };
}

/** The position inside the document, or LSP_POSITION_OUT_OF_RANGE saying how long the file or line is. */
export function checkPosition(document: Pick<DocumentSnapshot, 'lineCount' | 'lineText'>, position: LspPosition, rawPath: string): LspPosition {
  if (position.line >= document.lineCount) {
    throw new LspToolError(
      'LSP_POSITION_OUT_OF_RANGE',
      `line ${position.line + 1} is past the end of "${rawPath}", which has ${document.lineCount} line${document.lineCount === 1 ? '' : 's'}. Pass a line from 1 to ${document.lineCount}.`,
    );
  }
  const text = document.lineText(position.line);
  if (position.character > text.length) {
    throw new LspToolError(
      'LSP_POSITION_OUT_OF_RANGE',
      `character ${position.character + 1} is past the end of line ${position.line + 1}, which has ${text.length} UTF-16 code units. Pass a character from 1 to ${text.length + 1}.`,
    );
  }
  return { line: position.line, character: alignToCodePoint(text, position.character) };
}
