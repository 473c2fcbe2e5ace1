// lsp_symbols: a name to positions `lsp` can use, or a file's outline. The same budget, readiness,
// errors and log line as the `lsp` tool's queries.
import { pathInside } from '../text/displayPath';
import { renderWithin, type AnswerBudget } from '../text/answerBudget';
import { formatSymbolsWithin } from '../text/fitSymbols';
import { formatSymbols } from '../text/renderSymbols';
import { createBudget, type Budget, type CancellationLike } from './budget';
import { completenessNote, malformedNote } from './notes';
import { normalizeDocumentSymbols, normalizeWorkspaceSymbols, type FoundSymbol } from './normalizeSymbols';
import type { DocumentSnapshot } from './ports';
import { EngineQuery, logged, openFile } from './queryEngine';
import { ANY_LANGUAGE, confinedToOpenFiles, DEFAULT_TUNING, settle } from './readiness';
import type { Completeness, LspSymbol, SymbolsResult } from './result';
import type { LspToolSettings } from './settings';
import { matchRank, namePosition, rankSymbols } from './symbolRank';
import { parseSymbolsArgs, type SymbolsArgs } from './symbolsInput';

export interface SymbolsOutcome {
  result: SymbolsResult;
  /** What the model reads. */
  text: string;
  args: SymbolsArgs;
  /** The outlined file, in the outline modes. */
  uri?: string;
  notes: string[];
}

/** The title of an lsp_symbols call, from its raw input as the caller wrote it. */
export function symbolsTitle(input: { query?: unknown; file_path?: unknown } | undefined): string {
  const query = typeof input?.query === 'string' ? input.query.trim() : '';
  const file = typeof input?.file_path === 'string' ? input.file_path : '';
  if (file === '') return `LSP symbols ${query}`;
  return query === '' ? `LSP outline ${file}` : `LSP symbols ${query} in ${file}`;
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

type Raw = { symbols: LspSymbol[] | FoundSymbol[]; malformed: number };

export class SymbolsQuery extends EngineQuery {
  /** `fit`: what the reader inlines. */
  execute(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<SymbolsOutcome> {
    return logged(this.deps.log, this.now, { operation: 'symbols', filePath: '', line: '', character: '', text: symbolsTitle(asInput(input)).slice(4) }, () => this.run(input, token, fit), (o) => o.result);
  }

  private async run(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<SymbolsOutcome> {
    const args = parseSymbolsArgs(input);
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      return args.mode === 'workspace' ? await this.searchWorkspace(args.query, settings, budget, fit) : await this.outline(args, settings, budget, fit);
    } finally {
      budget.dispose();
    }
  }

  private async searchWorkspace(query: string, settings: LspToolSettings, budget: Budget, fit: AnswerBudget | undefined): Promise<SymbolsOutcome> {
    const { workspace, features } = this.deps;
    // tsserver searches only the projects it has loaded, and loads one only for an open file.
    const loaded = await budget.race(workspace.loadProjects());
    const folder = loaded[0] ?? workspace.roots()[0]?.uri ?? '';
    const once = async (): Promise<Raw> => normalizeWorkspaceSymbols(await budget.race(features.workspaceSymbols(query)));
    // While a project loads, answers hold the open files' symbols only: provisional, like references.
    const provisional = (raw: Raw): boolean => confinedToOpenFiles(raw.symbols.map((s) => s.uri), workspace.openDocumentUris());
    const { raw, completeness } = await this.settled(once, provisional, folder, ANY_LANGUAGE, 'workspaceSymbols', budget);
    const roots = workspace.roots();
    const inside = (uri: string): boolean => roots.some((root) => pathInside(root.uri, uri) !== undefined);
    const ranked = rankSymbols(raw.symbols as FoundSymbol[], query, inside);
    const lines = await budget.race(workspace.readLines(ranked.map((s) => s.uri)));
    const symbols: LspSymbol[] = ranked.map((found) => {
      const start = namePosition(lines.get(found.uri), found.range, found.name);
      return { ...found, selectionRange: { start, end: { line: start.line, character: start.character + found.name.length } } };
    });
    const notes = [malformedNote(raw.malformed), completenessNote(completeness, 'symbols')].filter((n): n is string => n !== undefined);
    if (symbols.length === 0) notes.push(...emptyNotes(query));
    const result: SymbolsResult = { kind: 'symbols', symbols, resolvedWorkspaceUri: folder, completeness };
    return { result, text: await this.render(result, false, settings, notes, fit), args: { mode: 'workspace', query }, notes };
  }

  private async outline(args: Exclude<SymbolsArgs, { mode: 'workspace' }>, settings: LspToolSettings, budget: Budget, fit: AnswerBudget | undefined): Promise<SymbolsOutcome> {
    const { workspace, features } = this.deps;
    const document: DocumentSnapshot = await openFile(workspace, args.filePath, settings, budget);
    const folder = workspace.folderOf(document.uri);
    const once = async (): Promise<Raw> => normalizeDocumentSymbols(await budget.race(features.documentSymbols(document.uri)), document.uri);
    const { raw, completeness: settledCompleteness } = await this.settled(once, (r) => r.symbols.length === 0, folder, document.languageId, 'documentSymbols', budget);
    let completeness = settledCompleteness;
    if (raw.symbols.length === 0 && !features.hasProviderSource(document.languageId)) completeness = 'noProvider';
    const outline = raw.symbols as LspSymbol[];
    const symbols = args.mode === 'file' ? filterOutline(outline, args.query) : outline;
    const notes = [malformedNote(raw.malformed), completenessNote(completeness, document.languageId)].filter((n): n is string => n !== undefined);
    if (args.mode === 'file' && symbols.length === 0 && completeness !== 'noProvider') {
      notes.push(`no symbol of "${args.filePath}" (${countSymbols(outline)} in all) has "${args.query}" in its name. Pass file_path alone for the whole outline.`);
    }
    const result: SymbolsResult = { kind: 'symbols', symbols, resolvedWorkspaceUri: folder, completeness };
    return { result, text: await this.render(result, true, settings, notes, fit), args, uri: document.uri, notes };
  }

  /** One answer, or, until the key is warm, answers asked again until they hold still (inside the budget). */
  private async settled(
    once: () => Promise<Raw>,
    provisionalNonEmpty: (raw: Raw) => boolean,
    folder: string,
    languageId: string,
    question: string,
    budget: Budget,
  ): Promise<{ raw: Raw; completeness: Completeness }> {
    if (this.warm.has(folder, languageId, question)) return { raw: await once(), completeness: 'complete' };
    const provisional = (raw: Raw): boolean => raw.symbols.length === 0 || provisionalNonEmpty(raw);
    const same = (a: Raw, b: Raw): boolean => JSON.stringify(a) === JSON.stringify(b);
    const result = await settle(once, provisional, same, budget, this.deps.tuning ?? DEFAULT_TUNING);
    if (result.stable) this.warm.add(folder, languageId, question);
    return { raw: result.value, completeness: result.stable ? 'complete' : 'partial' };
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
    return renderWithin(fit, settings.maxResultChars, (limit) => (limit === undefined ? formatSymbols(result.symbols, options) : formatSymbolsWithin(result.symbols, options, limit)));
  }
}

function asInput(input: unknown): { query?: unknown; file_path?: unknown } | undefined {
  return typeof input === 'object' && input !== null ? (input as { query?: unknown; file_path?: unknown }) : undefined;
}

/** Workspace symbol search matches one name: a qualified one (`Foo.bar`) finds nothing. */
function emptyNotes(query: string): string[] {
  const parts = query.split(/\.|::|#|->/).filter((p) => p !== '');
  if (parts.length > 1) return [`nothing is named "${query}": the search matches one name, not a qualified one. Search for "${parts.at(-1)}".`];
  return [];
}
