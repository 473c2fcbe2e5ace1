// The `lsp` tool's query: parse -> resolve -> open -> check the position -> snap to the symbol ->
// ask the language features (waiting for readiness) -> notes -> render. One budget covers the
// call; one log line records it.
import { EngineQuery, openAtPosition, positionIn, type CallOptions } from '../../engine/baseQuery';
import { CallerFiles, freshForCaller, type CallerView } from '../../engine/callerFiles';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { AnswerFiles } from '../../engine/answerFiles';
import { EarlyAnswer, earlyOr } from '../../engine/earlyAnswer';
import { LspToolError } from '../../engine/errors';
import { normalizeHovers, normalizeLocations } from '../../engine/normalize';
import { offSymbolNote } from '../../engine/keywordNote';
import { completenessNote, malformedNote, silentServerNote } from '../../engine/notes';
import { unknownImplementationNote } from '../../engine/providerEvidence';
import { isUnsupportedRequest, OPERATION_METHOD, UnsupportedRequest, unsupportedOperationNote } from '../../engine/unsupported';
import { wakeLanguage } from '../../engine/wake';
import { identifierAt } from '../../text/position';
import { written } from '../../text/written';
import { subjectAt } from '../../engine/heading';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DocumentSnapshot, FileView } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { confinedToOpenFiles } from '../../engine/readiness';
import type { Completeness, LspHover, LspLocation, LspOperation, LspPosition, LspQueryResult } from '../../engine/result';
import type { LspToolSettings } from '../../engine/settings';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { formatLocationsWithin } from '../../text/fitLocations';
import { displayPaths } from '../../text/displayPath';
import { formatHover, formatLocations, type LocationRenderOptions } from '../../text/render';
import { inputFields } from '../definition';
import { invocationTitle, parseLspArgs } from './input';
import { LSP_SCHEMA } from './schema';

export interface QueryOutcome extends OutcomeHeader {
  tool: typeof LSP_SCHEMA.name;
  /** The canonical value (zero-based, uncapped). */
  result: LspQueryResult;
  operation: LspOperation;
  /** The one-based arguments as the caller wrote them (for titles). */
  input: { operation: LspOperation; file_path: string; line: number; character: number };
  /** The queried document. */
  uri: string;
  /** Zero-based position actually queried (after snapping). */
  position: LspPosition;
  /** Source lines already read for the text's previews, so other views need not read them again. */
  sourceLines: ReadonlyMap<string, string[]>;
}

type Answer = { kind: 'locations'; locations: LspLocation[]; malformed: number } | { kind: 'hover'; hover: LspHover | null; malformed: number };

/** A settled answer, or a request the server does not support; `silentServer`: see SettledAnswer. `again`: the question asked once more. */
interface Asked {
  answer: Answer;
  again?: () => Promise<Answer>;
  completeness: Completeness;
  waitedMs: number;
  unsupported?: true;
  silentServer?: true;
}

/** tsserver's hover while its project loads: `(loading...) const x: 42`, a type it does not know yet. */
const LOADING_HOVER = /\(loading\.\.\.\)/;

function emptyAnswer(answer: Answer): boolean {
  return answer.kind === 'locations' ? answer.locations.length === 0 : answer.hover === null;
}

/** A request the server does not support: an empty answer (the caller adds the Note), not a failure. */
function unsupportedAnswer(err: unknown, operation: LspOperation): Asked {
  if (!(err instanceof UnsupportedRequest)) throw err;
  const answer: Answer = operation === 'hover' ? { kind: 'hover', hover: null, malformed: 0 } : { kind: 'locations', locations: [], malformed: 0 };
  return { answer, completeness: 'noProvider', waitedMs: 0, unsupported: true };
}

export class LspEngine extends EngineQuery {
  private readonly answerFiles = new AnswerFiles();

  /** Runs one query of the `lsp` tool; throws LspToolError for bad input, timeout and cancellation. `fit`: what the reader takes inline. */
  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<QueryOutcome> {
    return this.logged(askedAt(input), () => this.run(input, token, options), answered);
  }

  /** A question about a file asked about before, on a warm key: asked before the call's checks (engine/earlyAnswer.ts). */
  askEarly(input: unknown): EarlyAnswer | undefined {
    const { file_path: filePath, operation } = inputFields(input) ?? {};
    if (typeof filePath !== 'string' || typeof operation !== 'string') return undefined;
    return this.askEarlyAbout(filePath, operation, (document) => {
      const args = parseLspArgs(input);
      const { queried } = positionIn(document, args);
      const about = { uri: document.uri, question: args.operation, position: queried };
      return new EarlyAnswer(about, this.deps.features.atPosition(args.operation, document.uri, queried));
    });
  }

  private async run(input: unknown, token: CancellationLike | undefined, { fit, early, view = 'editor' }: CallOptions): Promise<QueryOutcome> {
    const args = parseLspArgs(input);
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget, LSP_SCHEMA.name, view);
      const folder = this.deps.workspace.folderOf(document.uri);
      const warm = this.warm.has(folder, document.languageId, args.operation);
      if (!warm) await wakeLanguage(document.languageId, this.deps.workspace, this.deps.features, budget);
      const question = `${args.operation} ${document.uri}:${queried.line}:${queried.character}`;
      const previewsRead = warm ? this.readWhileAsking(question, budget) : undefined;
      const asked = await this.ask(args.operation, document, queried, folder, budget, early).catch((err: unknown) => unsupportedAnswer(err, args.operation));
      const { completeness, waitedMs, unsupported, silentServer } = asked;
      const { answer, files } = await this.againstCaller(asked, document.uri, view, budget, previewsRead);
      const pathOf = displayPaths(folder, this.deps.workspace.roots());
      const result: LspQueryResult =
        answer.kind === 'hover'
          ? { kind: 'hover', hover: answer.hover, completeness }
          : { kind: 'locations', locations: files.fresh(answer.locations, (l) => l), resolvedWorkspaceUri: folder, completeness };
      const said = unsupported ? unsupportedOperationNote(document.languageId, args.operation) : completenessNote(completeness, document.languageId);
      const silent = silentServer === true ? silentServerNote(document.languageId, waitedMs) : undefined;
      for (const note of [malformedNote(answer.malformed), said, silent]) if (note !== undefined) notes.push(note);
      if (emptyAnswer(answer) && completeness !== 'noProvider' && silentServer !== true) {
        const note = await offSymbolNote(document, queried, this.deps.features, budget);
        if (note !== undefined) notes.push(note);
        else if (args.operation === 'goToImplementation' && !this.evidence.known(document.languageId)) {
          notes.push(unknownImplementationNote(document.languageId, identifierAt(document.lineText(queried.line), queried.character)?.name));
        }
      }
      if (args.operation === 'goToImplementation' && !emptyAnswer(answer)) this.evidence.record(document.languageId);
      // The text speaks in the caller's positions and lines; the result (the card, the twin) in the editor's.
      const shown: LspQueryResult =
        result.kind === 'locations'
          ? {
              ...result,
              locations: files.forCaller(
                result.locations,
                (l) => l,
                (l, range) => ({ uri: l.uri, range }),
              ),
            }
          : result;
      notes.push(...files.notes(pathOf));
      const previews = settings.linePreview ? files.lines() : new Map<string, string[]>();
      const text = await this.render(shown, settings, notes, previews, budget, fit);
      const sourceLines = files.lines('editor');
      if (result.kind === 'locations') this.answerFiles.set(question, [...new Set(result.locations.map((l) => l.uri))]);
      this.deps.log.trace(`${args.operation} ${document.uri}:${queried.line + 1}:${queried.character + 1} -> ${completeness}, waited ${waitedMs}ms`);
      const askedAs = { operation: args.operation, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1 };
      return {
        tool: LSP_SCHEMA.name,
        title: invocationTitle(askedAs),
        heading: {
          kind: 'position',
          question: args.operation,
          subject: subjectAt(pathOf(document.uri), queried, identifierAt(document.lineText(queried.line), queried.character)?.name),
        },
        text,
        notes,
        completeness,
        anchor: { uri: document.uri, position: queried },
        result,
        operation: args.operation,
        input: askedAs,
        uri: document.uri,
        position: queried,
        sourceLines,
      };
    } finally {
      budget.dispose();
    }
  }

  /**
   * The files the last answer to `question` pointed into, read (each checked against the disk) while
   * the server answers: after a turn of the event loop, so that the question is on its way to the
   * server first. None on any failure: the files are then read after the answer.
   */
  private readWhileAsking(question: string, budget: Budget): Promise<ReadonlyMap<string, FileView>> | undefined {
    const uris = this.answerFiles.get(question);
    if (uris === undefined || uris.length === 0) return undefined;
    return budget
      .sleep(0)
      .then(() => this.deps.workspace.fileViews(uris))
      .catch(() => new Map<string, FileView>());
  }

  /**
   * The answer once none of its locations is stale on disk (asked again while the editor catches
   * up: engine/callerFiles.ts), with the files it points into as the caller sees them.
   */
  private async againstCaller(
    asked: Asked,
    queried: string,
    view: CallerView,
    budget: Budget,
    previewsRead: Promise<ReadonlyMap<string, FileView>> | undefined,
  ): Promise<{ answer: Answer; files: CallerFiles }> {
    let known = previewsRead && (await budget.race(previewsRead));
    const read = async (uris: string[]): Promise<CallerFiles> => {
      const files = await CallerFiles.read(this.deps.workspace, [queried, ...uris], view, budget, known);
      known = undefined;
      return files;
    };
    const { value, files } = await freshForCaller(asked.answer, (answer) => (answer.kind === 'locations' ? answer.locations : []), asked.again, read, budget);
    return { answer: value, files };
  }

  /** One provider answer, normalised; until a key is warm, re-asked until the answers hold still. */
  private async ask(
    operation: LspOperation,
    document: DocumentSnapshot,
    position: LspPosition,
    folder: string,
    budget: Budget,
    early: EarlyAnswer | undefined,
  ): Promise<Asked> {
    const about = { uri: document.uri, question: operation, position };
    const once = async (): Promise<Answer> => {
      const raw = await budget.race(
        earlyOr(early, about, () => this.deps.features.atPosition(operation, document.uri, position)).catch((err: unknown) => {
          if (isUnsupportedRequest(err)) throw new UnsupportedRequest(OPERATION_METHOD[operation]);
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
        : confinedToOpenFiles(
            answer.locations.map((l) => l.uri),
            this.deps.workspace.openDocumentUris(),
          );
    const settled = await this.settled({ folder, languageId: document.languageId, question: operation }, once, provisional, budget, {
      empty: emptyAnswer,
      serverUp: this.outlines(document.uri, budget),
    });
    const answer = settled.value;
    const { waitedMs } = settled;
    let completeness: Completeness = settled.completeness;
    if (emptyAnswer(answer) && !this.deps.features.hasProviderSource(document.languageId)) completeness = 'noProvider';
    const asked: Asked = { answer, again: once, completeness, waitedMs };
    if (settled.silentServer === true) asked.silentServer = true;
    return asked;
  }

  private async render(
    result: LspQueryResult,
    settings: LspToolSettings,
    notes: string[],
    sourceLines: Map<string, string[]>,
    budget: Budget,
    fit: AnswerBudget | undefined,
  ): Promise<string> {
    if (result.kind === 'hover')
      return renderWithin(fit, settings.maxResultChars, (limit) => formatHover(result.hover, limit ?? settings.maxResultChars, notes));
    const options = {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: this.deps.workspace.roots(),
      maxLocations: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      notes,
    };
    if (fit === undefined) return this.renderAll(result.locations, options, settings, sourceLines, budget);
    const preview = (location: LspLocation): string | undefined => sourceLines.get(location.uri)?.[location.range.start.line];
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

  /** Every shown location's preview read, then cut by maxResultChars (no reader budget). */
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
      for (const [uri, lines] of await budget.race(
        this.deps.workspace.readLines(
          shown.map((l) => l.uri),
          sourceLines,
        ),
      ))
        sourceLines.set(uri, lines);
      preview = (location) => sourceLines.get(location.uri)?.[location.range.start.line];
    }
    return formatLocations(locations, { ...options, preview });
  }
}

/** `findReferences src/a.ts:3:17`: the caller's fields, whatever shape the input had (bad input is logged too). */
export function askedAt(input: unknown): string {
  const o = inputFields(input) ?? {};
  return `${written(o.operation)} ${written(o.file_path)}:${written(o.line)}:${written(o.character)}`;
}

function answered(outcome: QueryOutcome): LoggedAnswer {
  const { result } = outcome;
  const answer = result.kind === 'locations' ? counted(result.locations.length, 'location') : result.hover === null ? 'no hover' : 'hover';
  return { answer, completeness: result.completeness };
}

/** An outcome of the `lsp` tool (locations or hover at a position). */
export function isQueryOutcome(outcome: OutcomeHeader | undefined): outcome is QueryOutcome {
  return outcome?.tool === LSP_SCHEMA.name;
}

/** The same call, as the caller wrote it (how @lsp finds the outcome its tool call made). */
export function sameQueryInput(a: QueryOutcome['input'], b: QueryOutcome['input']): boolean {
  return a.operation === b.operation && a.file_path === b.file_path && a.line === b.line && a.character === b.character;
}
