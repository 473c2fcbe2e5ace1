// Builds the card's view of an lsp_symbols result (pure): one row per symbol, an outline indented.
import type { SymbolsResult } from '../../engine/result';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { flattenSymbols } from '../../text/renderSymbols';
import type { CardBody, CardSymbol } from '../../card/webview/protocol';

export interface SymbolsEntryInput {
  result: SymbolsResult;
  outline: boolean;
  roots: readonly WorkspaceRoot[];
}

/** The card's rows for lsp_symbols: one per symbol, an outline flattened with each row's depth. */
export function symbolsCardBody(input: SymbolsEntryInput): CardBody {
  const { result } = input;
  const pathFor = displayPaths(result.resolvedWorkspaceUri, input.roots);
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
  return { operation: input.outline ? 'outline' : 'symbols', result: { kind: 'symbols', outline: input.outline, symbols } };
}
