// Builds the card's view of a query result (pure): grouped rows with one-based positions and previews.
import type { LspLocation, LspQueryResult, SymbolsResult } from '../engine/result';
import type { QuerySource } from '../engine/recentOutcomes';
import { displayPath, type WorkspaceRoot } from '../text/displayPath';
import { groupByFile } from '../text/groupByFile';
import { previewText } from '../text/render';
import { flattenSymbols } from '../text/renderSymbols';
import type { CardEntry, CardGroup, CardSymbol } from './webview/protocol';

type QueryOutcomeOperation = Exclude<CardEntry['operation'], 'symbols' | 'outline'>;

export interface EntryInput {
  id: number;
  title: string;
  source: QuerySource;
  operation: QueryOutcomeOperation;
  result: LspQueryResult;
  notes: string[];
  roots: readonly WorkspaceRoot[];
  preview?: (location: LspLocation) => string | undefined;
}

export function toCardEntry(input: EntryInput): CardEntry {
  const { result } = input;
  const base = { id: input.id, title: input.title, operation: input.operation, source: input.source, completeness: result.completeness, notes: input.notes };
  if (result.kind === 'hover') return { ...base, result: { kind: 'hover', markdown: result.hover?.contents ?? null } };
  const pathOf = new Map<string, string>();
  const pathFor = (uri: string): string => {
    let path = pathOf.get(uri);
    if (path === undefined) pathOf.set(uri, (path = displayPath(uri, result.resolvedWorkspaceUri, input.roots)));
    return path;
  };
  // Files with the same display path (the same file under two URIs) share a group, as in the tool's text.
  const groups: CardGroup[] = groupByFile(result.locations, (l) => pathFor(l.uri)).map(({ key, items }) => {
    const uri = items[0]!.uri;
    return {
      path: key,
      uri,
      count: items.length,
      rows: items.map((location) => {
        const source = input.preview?.(location);
        return {
          ...(location.uri === uri ? {} : { uri: location.uri }),
          line: location.range.start.line + 1,
          character: location.range.start.character + 1,
          ...(source === undefined ? {} : { preview: previewText(source) }),
        };
      }),
    };
  });
  return { ...base, result: { kind: 'locations', total: result.locations.length, files: groups.length, groups } };
}

export interface SymbolsEntryInput {
  id: number;
  title: string;
  source: QuerySource;
  result: SymbolsResult;
  outline: boolean;
  notes: string[];
  roots: readonly WorkspaceRoot[];
}

/** The card's rows for lsp_symbols: one per symbol, an outline flattened with each row's depth. */
export function toSymbolsCardEntry(input: SymbolsEntryInput): CardEntry {
  const { result } = input;
  const paths = new Map<string, string>();
  const pathFor = (uri: string): string => {
    let path = paths.get(uri);
    if (path === undefined) paths.set(uri, (path = displayPath(uri, result.resolvedWorkspaceUri, input.roots)));
    return path;
  };
  const symbols: CardSymbol[] = flattenSymbols(result.symbols, input.outline).map(({ symbol, depth }) => ({
    name: symbol.name,
    kind: symbol.kind,
    ...(symbol.containerName === undefined ? {} : { container: symbol.containerName }),
    depth,
    path: pathFor(symbol.uri),
    uri: symbol.uri,
    line: symbol.selectionRange.start.line + 1,
    character: symbol.selectionRange.start.character + 1,
  }));
  return {
    id: input.id,
    title: input.title,
    operation: input.outline ? 'outline' : 'symbols',
    source: input.source,
    completeness: result.completeness,
    notes: input.notes,
    result: { kind: 'symbols', outline: input.outline, symbols },
  };
}
