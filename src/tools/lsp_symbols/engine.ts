// lsp_symbols: a name to positions `lsp` can use, or a file's outline. The same budget, readiness,
// errors and log line as the `lsp` tool's queries.
import { EngineQuery, openFile, type CallOptions } from '../../engine/baseQuery';
import { CallerFiles, freshForCaller, shifted, type CallerView } from '../../engine/callerFiles';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { EarlyAnswer, earlyOr } from '../../engine/earlyAnswer';
import { completenessNote, malformedNote, silentServerNote } from '../../engine/notes';
import { indexKey, IndexWatch, indexNote, waitsForIndex, type IndexSnapshot } from '../../engine/indexProgress';
import { normalizeDocumentSymbols, normalizeWorkspaceSymbols, type FoundSymbol } from '../../engine/normalizeSymbols';
import type { Heading } from '../../engine/heading';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DocumentSnapshot } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { ANY_LANGUAGE, confinedToOpenFiles, DEFAULT_TUNING, STARTING_FACTOR } from '../../engine/readiness';
import { sameAsSets } from '../../engine/sameSet';
import { wakeWorkspace } from '../../engine/wake';
import type { LspSymbol, SymbolsResult } from '../../engine/result';
import type { LspToolSettings } from '../../engine/settings';
import { matchRank, namePosition, rankSymbols } from '../../engine/symbolRank';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { displayPaths, pathInside } from '../../text/displayPath';
import type { LspRange } from '../../text/coordinates';
import { formatSymbolsWithin } from '../../text/fitSymbols';
import { formatSymbols } from '../../text/renderSymbols';
import { inputFields } from '../definition';
import { parseSymbolsArgs, symbolsAsked, symbolsTitle, type SymbolsArgs } from './input';
import { SYMBOLS_SCHEMA } from './schema';

export interface SymbolsOutcome extends OutcomeHeader {
  tool: typeof SYMBOLS_SCHEMA.name;
  result: SymbolsResult;
  args: SymbolsArgs;
  /** The outlined file, in the outline modes. */
  uri?: string;
}

export function isSymbolsOutcome(outcome: OutcomeHeader | undefined): outcome is SymbolsOutcome {
  return outcome?.tool === SYMBOLS_SCHEMA.name;
}

/** Keeps the symbols whose name contains the query (any case), with their ancestors so the nesting reads. */
export function filterOutline(symbols: readonly LspSymbol[], query: string): LspSymbol[] {
  const kept: LspSymbol[] = [];
  for (const symbol of symbols) {
    const children = filterOutline(symbol.children ?? [], query);
    if (matchRank(symbol.name, query) <= 3 || children.length > 0) kept.push({ ...symbol, children });
  }
  return kept;
}

function countSymbols(symbols: readonly LspSymbol[]): number {
  return symbols.reduce((n, s) => n + 1 + countSymbols(s.children ?? []), 0);
}

type Raw = { symbols: LspSymbol[] | FoundSymbol[]; malformed: number; index?: IndexSnapshot };

export class SymbolsEngine extends EngineQuery {
  /** The last search saw a server's index still growing: warm searches look at it again until it is complete. */
  private indexGrowing = false;

  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<SymbolsOutcome> {
    return this.logged(symbolsAsked(inputFields(input)), () => this.run(input, token, options), answered);
  }

  /** An outline of a file asked about before, on a warm key: asked before the call's checks (engine/earlyAnswer.ts). */
  askEarly(input: unknown): EarlyAnswer | undefined {
    const filePath = inputFields(input)?.file_path;
    if (typeof filePath !== 'string') return undefined;
    return this.askEarlyAbout(filePath, OUTLINE, (document) => {
      const args = parseSymbolsArgs(input);
      if (args.mode === 'workspace') return undefined;
      return new EarlyAnswer({ uri: document.uri, question: OUTLINE }, this.deps.features.documentSymbols(document.uri));
    });
  }

  private async run(input: unknown, token: CancellationLike | undefined, { fit, early, view = 'editor' }: CallOptions): Promise<SymbolsOutcome> {
    const args = parseSymbolsArgs(input);
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      return args.mode === 'workspace'
        ? await this.searchWorkspace(args.query, settings, budget, fit, view)
        : await this.outline(args, settings, budget, fit, early, view);
    } finally {
      budget.dispose();
    }
  }

  private async searchWorkspace(
    query: string,
    settings: LspToolSettings,
    budget: Budget,
    fit: AnswerBudget | undefined,
    view: CallerView,
  ): Promise<SymbolsOutcome> {
    const { workspace, features } = this.deps;
    // Servers start for a file of their language, and tsserver searches only the projects it has loaded (for an open file).
    const woken = await wakeWorkspace(workspace, features, budget);
    const folder = woken.folders[0] ?? workspace.roots()[0]?.uri ?? '';
    const base = this.deps.tuning ?? DEFAULT_TUNING;
    const tuning = woken.started ? { ...base, emptyStableMs: base.emptyStableMs * STARTING_FACTOR } : base;
    const key = { folder, languageId: ANY_LANGUAGE, question: 'workspaceSymbols' };
    const cold = !this.warm.has(key.folder, key.languageId, key.question);
    // A background index (clangd's) grows the answer after it held still: looked at on a cold search, and
    // while it was last seen growing; waited for as long as a starting server (docs/contract.md §8).
    const watch = cold || this.indexGrowing ? new IndexWatch(workspace, base.startingStableMs ?? base.emptyStableMs * STARTING_FACTOR) : undefined;
    const once = async (): Promise<Raw> => {
      const [found, index] = await Promise.all([budget.race(features.workspaceSymbols(query)), watch && budget.race(watch.look())]);
      const raw: Raw = normalizeWorkspaceSymbols(found);
      if (index !== undefined) raw.index = index;
      return raw;
    };
    // While a project loads, answers hold the open files' symbols only: provisional, like references.
    const provisional = (raw: Raw): boolean =>
      waitsForIndex(raw.index) ||
      confinedToOpenFiles(
        raw.symbols.map((s) => s.uri),
        workspace.openDocumentUris(),
      );
    const settled = await this.settled(key, once, nonEmpty(provisional), budget, { empty: noSymbols, tuning, same: sameSearch });
    const raw = settled.value;
    let completeness: SymbolsResult['completeness'] = settled.completeness;
    if (raw.index !== undefined) this.indexGrowing = raw.index.growing.length > 0;
    const growing = indexNote(raw.index, displayPaths(folder, workspace.roots()), cold);
    const roots = workspace.roots();
    const inside = (uri: string): boolean => roots.some((root) => pathInside(root.uri, uri) !== undefined);
    // Each answer's files are read once: for the names' positions (the editor's lines) and against the disk.
    let read: CallerFiles | undefined;
    const placed = async (found: Raw): Promise<LspSymbol[]> => {
      const ranked = rankSymbols(found.symbols as FoundSymbol[], query, inside);
      read = await CallerFiles.read(
        workspace,
        ranked.map((s) => s.uri),
        view,
        budget,
      );
      const lines = read.lines('editor');
      return ranked.map((symbol) => {
        const start = namePosition(lines.get(symbol.uri), symbol.range, symbol.name);
        return { ...symbol, selectionRange: { start, end: { line: start.line, character: start.character + symbol.name.length } } };
      });
    };
    const fresh = await freshForCaller(
      await placed(raw),
      (symbols) => symbols.map(placeOf),
      async () => placed(await once()),
      () => Promise.resolve(read!),
      budget,
    );
    const { files } = fresh;
    const symbols = files.fresh(fresh.value, placeOf);
    const notes = [malformedNote(raw.malformed), completenessNote(completeness, 'symbols'), growing].filter((n): n is string => n !== undefined);
    if (growing !== undefined) completeness = 'partial';
    if (symbols.length === 0) notes.push(...emptyNotes(query));
    const result: SymbolsResult = { kind: 'symbols', symbols, resolvedWorkspaceUri: folder, completeness };
    return this.outcome(result, { mode: 'workspace', query }, await this.renderFor(files, result, false, settings, notes, fit), notes);
  }

  private async outline(
    args: Exclude<SymbolsArgs, { mode: 'workspace' }>,
    settings: LspToolSettings,
    budget: Budget,
    fit: AnswerBudget | undefined,
    early: EarlyAnswer | undefined,
    view: CallerView,
  ): Promise<SymbolsOutcome> {
    const { workspace, features } = this.deps;
    const document: DocumentSnapshot = await openFile(workspace, args.filePath, settings, budget, SYMBOLS_SCHEMA.name);
    const folder = workspace.folderOf(document.uri);
    const about = { uri: document.uri, question: OUTLINE };
    const once = async (): Promise<Raw> =>
      normalizeDocumentSymbols(await budget.race(earlyOr(early, about, () => features.documentSymbols(document.uri))), document.uri);
    const settled = await this.settled(
      { folder, languageId: document.languageId, question: OUTLINE },
      once,
      nonEmpty(() => false),
      budget,
      // The outline is its own probe: an empty one is a server not yet up until the starting window ends.
      { empty: noSymbols, serverUp: () => Promise.resolve(false) },
    );
    const raw = settled.value;
    let completeness: SymbolsResult['completeness'] = settled.completeness;
    if (raw.symbols.length === 0 && !features.hasProviderSource(document.languageId)) completeness = 'noProvider';
    const outline = raw.symbols as LspSymbol[];
    const symbols = args.mode === 'file' ? filterOutline(outline, args.query) : outline;
    const silent = settled.silentServer === true ? silentServerNote(document.languageId, settled.waitedMs) : undefined;
    const notes = [malformedNote(raw.malformed), completenessNote(completeness, document.languageId), silent].filter((n): n is string => n !== undefined);
    if (args.mode === 'file' && symbols.length === 0 && completeness !== 'noProvider' && silent === undefined) {
      notes.push(
        `no symbol of "${args.filePath}" (${countSymbols(outline)} in all) has "${args.query}" in its name. Pass file_path alone for the whole outline.`,
      );
    }
    const result: SymbolsResult = { kind: 'symbols', symbols, resolvedWorkspaceUri: folder, completeness };
    // The outline is of the document just opened: only unsaved changes make the caller's view differ.
    const files = document.isDirty() ? await CallerFiles.read(workspace, [document.uri], view, budget) : new CallerFiles(new Map(), view);
    const text = await this.renderFor(files, result, true, settings, notes, fit);
    const shownAs = displayPaths(folder, workspace.roots())(document.uri);
    return { ...this.outcome(result, args, text, notes, shownAs), uri: document.uri };
  }

  /** The text in the caller's positions (engine/callerFiles.ts), with its Notes about the files. */
  private renderFor(
    files: CallerFiles,
    result: SymbolsResult,
    outline: boolean,
    settings: LspToolSettings,
    notes: string[],
    fit: AnswerBudget | undefined,
  ): Promise<string> {
    const shown = { ...result, symbols: symbolsForCaller(files, result.symbols) };
    notes.push(...files.notes(displayPaths(result.resolvedWorkspaceUri, this.deps.workspace.roots())));
    return this.render(shown, outline, settings, notes, fit);
  }

  /** `file`: the file asked about, as a person reads its path. */
  private outcome(result: SymbolsResult, args: SymbolsArgs, text: string, notes: string[], file?: string): SymbolsOutcome {
    const [first] = result.symbols;
    const input = args.mode === 'workspace' ? { query: args.query } : { query: args.mode === 'file' ? args.query : '', file_path: args.filePath };
    const shown = file ?? (args.mode === 'workspace' ? '' : args.filePath);
    const heading: Heading =
      args.mode === 'workspace'
        ? { kind: 'symbols', query: args.query }
        : args.mode === 'file'
          ? { kind: 'symbols', query: args.query, file: shown }
          : { kind: 'outline', file: shown };
    const outcome: SymbolsOutcome = {
      tool: SYMBOLS_SCHEMA.name,
      title: symbolsTitle(input),
      heading,
      text,
      notes,
      completeness: result.completeness,
      result,
      args,
    };
    if (first) outcome.anchor = { uri: first.uri, position: first.selectionRange.start };
    return outcome;
  }

  private render(result: SymbolsResult, outline: boolean, settings: LspToolSettings, notes: string[], fit: AnswerBudget | undefined): Promise<string> {
    const options = {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: this.deps.workspace.roots(),
      maxSymbols: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      outline,
      notes,
    };
    return renderWithin(fit, settings.maxResultChars, (limit) =>
      limit === undefined ? formatSymbols(result.symbols, options) : formatSymbolsWithin(result.symbols, options, limit),
    );
  }
}

const placeOf = (symbol: LspSymbol): { uri: string; range: LspRange } => ({ uri: symbol.uri, range: symbol.selectionRange });

/** Symbols (nested ones too) in the caller's positions; one on a line the caller does not have goes, with what it holds. */
function symbolsForCaller(files: CallerFiles, symbols: readonly LspSymbol[]): LspSymbol[] {
  return files
    .forCaller(symbols, placeOf, (symbol, selectionRange) => {
      return { ...symbol, range: shifted(symbol.range, selectionRange.start.line - symbol.selectionRange.start.line), selectionRange };
    })
    .map((symbol) => (symbol.children === undefined ? symbol : { ...symbol, children: symbolsForCaller(files, symbol.children) }));
}

/** The readiness key's question for an outline. */
const OUTLINE = 'documentSymbols';

const noSymbols = (raw: Raw): boolean => raw.symbols.length === 0;

/** Two searches agree when their symbols do, as sets, and the indexes behind them did not change (engine/indexProgress.ts). */
function sameSearch(a: Raw, b: Raw): boolean {
  return sameAsSets([a.symbols, a.malformed], [b.symbols, b.malformed]) && indexKey(a.index) === indexKey(b.index);
}

/** An empty answer is provisional too, whatever else makes one so. */
function nonEmpty(provisional: (raw: Raw) => boolean): (raw: Raw) => boolean {
  return (raw) => raw.symbols.length === 0 || provisional(raw);
}

function answered(outcome: SymbolsOutcome): LoggedAnswer {
  return { answer: counted(outcome.result.symbols.length, 'symbol'), completeness: outcome.result.completeness };
}

/** Workspace symbol search matches one name: a qualified one (`Foo.bar`) finds nothing. */
function emptyNotes(query: string): string[] {
  const parts = query.split(/\.|::|#|->/).filter((p) => p !== '');
  if (parts.length > 1) return [`nothing is named "${query}": the search matches one name, not a qualified one. Search for "${parts.at(-1)}".`];
  return [];
}
