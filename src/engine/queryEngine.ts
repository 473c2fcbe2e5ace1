// The one query path every surface shares: parse -> resolve -> open -> check the position -> snap
// to the symbol -> ask the language features (waiting for readiness) -> notes -> render. One
// budget covers the call; one log line records it.
import { renderWithin, type AnswerBudget } from '../text/answerBudget';
import { formatLocationsWithin } from '../text/fitLocations';
import { formatHover, formatLocations, type LocationRenderOptions } from '../text/render';
import { alignToCodePoint, snapToSymbol, type LinePosition } from '../text/position';
import { createBudget, type Budget, type CancellationLike } from './budget';
import { LspToolError } from './errors';
import { normalizeHovers, normalizeLocations } from './normalize';
import { completenessNote, malformedNote, offSymbolNote, snapNote } from './notes';
import type { DocumentSnapshot, EngineLog, LanguageFeatures, Workspace } from './ports';
import { askedFields, formatQueryError, formatQueryLine, type LoggedQuery, type LoggedResult } from './queryLog';
import { confinedToOpenFiles, DEFAULT_TUNING, settle, WarmKeys, type ReadinessTuning } from './readiness';
import type { Completeness, LspHover, LspLocation, LspOperation, LspPosition, LspQueryResult } from './result';
import type { LspToolSettings } from './settings';
import type { PositionArgs } from './positionInput';
import { parseLspArgs } from './toolInput';

export interface QueryOutcome {
  /** The canonical value (zero-based, uncapped). */
  result: LspQueryResult;
  /** What the model reads. */
  text: string;
  operation: LspOperation;
  /** The one-based arguments as the caller wrote them (for titles). */
  input: { operation: LspOperation; file_path: string; line: number; character: number };
  /** The queried document. */
  uri: string;
  /** Zero-based position actually queried (after snapping). */
  position: LspPosition;
  notes: string[];
  /** Source lines already read for the text's previews, so other views need not read them again. */
  sourceLines: ReadonlyMap<string, string[]>;
}

export interface EngineDeps {
  workspace: Workspace;
  features: LanguageFeatures;
  settings: () => LspToolSettings;
  log: EngineLog;
  /** Readiness state, shared with whatever cools it (the platform's file and document watchers). */
  warm?: WarmKeys;
  tuning?: ReadinessTuning;
  /** Milliseconds now, for the log's durations. */
  now?: () => number;
}

type Answer =
  | { kind: 'locations'; locations: LspLocation[]; malformed: number }
  | { kind: 'hover'; hover: LspHover | null; malformed: number };

/** tsserver's hover while its project loads: `(loading...) const x: 42`, a type it does not know yet. */
const LOADING_HOVER = /\(loading\.\.\.\)/;

function emptyAnswer(answer: Answer): boolean {
  return answer.kind === 'locations' ? answer.locations.length === 0 : answer.hover === null;
}

function sameAnswer(a: Answer, b: Answer): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What every tool's query shares: the ports, the readiness state and the clock for the log line. */
export abstract class EngineQuery {
  readonly warm: WarmKeys;
  protected readonly now: () => number;

  constructor(protected readonly deps: EngineDeps) {
    this.warm = deps.warm ?? new WarmKeys();
    this.now = deps.now ?? (() => performance.now());
  }
}

export class QueryEngine extends EngineQuery {
  /** Runs one query of the `lsp` tool; throws LspToolError for bad input, timeout and cancellation. `fit`: what the reader inlines. */
  execute(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<QueryOutcome> {
    return logged(this.deps.log, this.now, askedFields(input), () => this.run(input, token, fit), (outcome) => outcome.result);
  }

  private async run(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<QueryOutcome> {
    const args = parseLspArgs(input);
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget);
      const folder = this.deps.workspace.folderOf(document.uri);
      const { answer, completeness, waitedMs } = await this.ask(args.operation, document, queried, folder, budget);
      const result: LspQueryResult =
        answer.kind === 'hover'
          ? { kind: 'hover', hover: answer.hover, completeness }
          : { kind: 'locations', locations: answer.locations, resolvedWorkspaceUri: folder, completeness };
      for (const note of [malformedNote(answer.malformed), completenessNote(completeness, document.languageId)]) if (note !== undefined) notes.push(note);
      if (emptyAnswer(answer) && completeness !== 'noProvider') {
        const note = offSymbolNote(document.lineText(queried.line), queried);
        if (note !== undefined) notes.push(note);
      }
      const sourceLines = new Map<string, string[]>();
      const text = await this.render(result, settings, notes, sourceLines, budget, fit);
      this.deps.log.trace(`${args.operation} ${document.uri}:${queried.line + 1}:${queried.character + 1} -> ${completeness}, waited ${waitedMs}ms`);
      const asked = { operation: args.operation, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1 };
      return { result, text, operation: args.operation, input: asked, uri: document.uri, position: queried, notes, sourceLines };
    } finally {
      budget.dispose();
    }
  }

  /** One provider answer, normalised; until a key is warm, re-asked until the answers hold still. */
  private async ask(
    operation: LspOperation,
    document: DocumentSnapshot,
    position: LspPosition,
    folder: string,
    budget: Budget,
  ): Promise<{ answer: Answer; completeness: Completeness; waitedMs: number }> {
    const once = async (): Promise<Answer> => {
      const raw = await budget.race(
        this.deps.features.atPosition(operation, document.uri, position).catch((err: unknown) => {
          throw new LspToolError(
            'LSP_PROVIDER_FAILED',
            `the ${document.languageId} language provider failed on ${operation}: ${err instanceof Error ? err.message : String(err)}. Try another position or operation, or check the language extension's output.`,
          );
        }),
      );
      if (operation === 'hover') return { kind: 'hover', ...normalizeHovers(raw) };
      return { kind: 'locations', ...normalizeLocations(raw) };
    };
    // Empty, or confined to the open files: what a loading server says, trusted only after the longer window.
    const provisional = (answer: Answer): boolean =>
      answer.kind === 'hover'
        ? answer.hover === null || LOADING_HOVER.test(answer.hover.contents)
        : confinedToOpenFiles(answer.locations.map((l) => l.uri), this.deps.workspace.openDocumentUris());
    let answer: Answer;
    let completeness: Completeness = 'complete';
    let waitedMs = 0;
    if (this.warm.has(folder, document.languageId, operation)) {
      answer = await once();
    } else {
      const settled = await settle(once, provisional, sameAnswer, budget, this.deps.tuning ?? DEFAULT_TUNING);
      answer = settled.value;
      waitedMs = settled.waitedMs;
      if (settled.stable) this.warm.add(folder, document.languageId, operation);
      else completeness = 'partial';
    }
    if (emptyAnswer(answer) && !this.deps.features.hasProviderSource(document.languageId)) completeness = 'noProvider';
    return { answer, completeness, waitedMs };
  }

  private async render(
    result: LspQueryResult,
    settings: LspToolSettings,
    notes: string[],
    sourceLines: Map<string, string[]>,
    budget: Budget,
    fit: AnswerBudget | undefined,
  ): Promise<string> {
    if (result.kind === 'hover') return renderWithin(fit, settings.maxResultChars, (limit) => formatHover(result.hover, limit ?? settings.maxResultChars, notes));
    const preview = (location: LspLocation): string | undefined => sourceLines.get(location.uri)?.[location.range.start.line];
    const options = {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: this.deps.workspace.roots(),
      maxLocations: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      notes,
    };
    if (fit !== undefined) {
      // Only the files whose previews fit are read: on a warm query that stat per file is most of the tool's own time.
      const readPreviews = async (uris: string[]): Promise<void> => {
        for (const [uri, lines] of await budget.race(this.deps.workspace.readLines(uris, sourceLines))) sourceLines.set(uri, lines);
      };
      return renderWithin(fit, settings.maxResultChars, (limit) =>
        limit === undefined
          ? this.renderAll(result.locations, options, settings, sourceLines, budget)
          : formatLocationsWithin(result.locations, { ...options, ...(settings.linePreview ? { preview, readPreviews } : {}) }, limit),
      );
    }
    return this.renderAll(result.locations, options, settings, sourceLines, budget);
  }

  private async renderAll(
    locations: LspLocation[],
    options: Omit<LocationRenderOptions<LspLocation>, 'preview'>,
    settings: LspToolSettings,
    sourceLines: Map<string, string[]>,
    budget: Budget,
  ): Promise<string> {
    let preview: ((location: LspLocation) => string | undefined) | undefined;
    if (settings.linePreview) {
      const shown = locations.slice(0, settings.maxLocations);
      for (const [uri, lines] of await budget.race(this.deps.workspace.readLines(shown.map((l) => l.uri)))) sourceLines.set(uri, lines);
      preview = (location) => sourceLines.get(location.uri)?.[location.range.start.line];
    }
    return formatLocations(locations, { ...options, preview });
  }
}

/** Runs one tool call with its one log line: debug for an answer or a cancellation, error for a failure. */
export async function logged<T>(log: EngineLog, now: () => number, asked: Omit<LoggedQuery, 'ms'>, run: () => Promise<T>, resultOf: (value: T) => LoggedResult): Promise<T> {
  const started = now();
  try {
    const value = await run();
    log.debug(formatQueryLine({ ...asked, ms: now() - started }, resultOf(value)));
    return value;
  } catch (err) {
    const line = formatQueryError({ ...asked, ms: now() - started }, err);
    // A cancelled call is the caller's choice, not a failure.
    if (err instanceof LspToolError && err.code === 'LSP_CANCELLED') log.debug(line);
    else log.error(line);
    throw err;
  }
}

/** Resolves a file_path under the outside-workspace policy and opens it, inside the budget. */
export async function openFile(workspace: Workspace, filePath: string, settings: LspToolSettings, budget: Budget): Promise<DocumentSnapshot> {
  const file = await budget.race(workspace.resolveFile(filePath));
  if (!file.inside && settings.outsideWorkspace === 'deny') {
    throw new LspToolError(
      'LSP_OUTSIDE_WORKSPACE_DENIED',
      `file_path "${filePath}" is outside every workspace folder and lspTool.outsideWorkspace is "deny". Query a file inside the workspace.`,
    );
  }
  return budget.race(workspace.openDocument(file.uri));
}

/**
 * Opens a position tool's file and finds where to ask: the position checked against the document,
 * then moved to the named symbol when there is one (with the Note that says so).
 */
export async function openAtPosition(
  workspace: Workspace,
  args: PositionArgs,
  settings: LspToolSettings,
  budget: Budget,
): Promise<{ document: DocumentSnapshot; position: LspPosition; queried: LspPosition; notes: string[] }> {
  const document = await openFile(workspace, args.filePath, settings, budget);
  const position = checkPosition(document, args.position, args.filePath);
  const notes: string[] = [];
  let queried = position;
  if (args.symbol !== undefined) {
    const snapped = snapToSymbol((n) => (n < document.lineCount ? document.lineText(n) : undefined), position, args.symbol);
    const note = snapNote(args.symbol, position, snapped);
    if (note !== undefined) notes.push(note);
    if (snapped !== undefined) queried = snapped;
  }
  return { document, position, queried, notes };
}

/** The position inside the document, or LSP_POSITION_OUT_OF_RANGE saying how long the file or line is. */
export function checkPosition(document: DocumentSnapshot, position: LinePosition, rawPath: string): LspPosition {
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
