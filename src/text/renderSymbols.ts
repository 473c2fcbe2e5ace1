// The text lsp_symbols returns: one `path:line:character: kind name[ in Container]` line per
// symbol, the position at the start of its name; an outline indents each level two spaces.
import { displayPaths, type WorkspaceRoot } from './displayPath';
import { NO_RESULTS, omittedLine, withNotes } from './caps';

export interface ShownSymbol {
  name: string;
  kind: string;
  containerName?: string;
  uri: string;
  selectionRange: { start: { line: number; character: number } };
  children?: readonly ShownSymbol[];
}

export interface SymbolRenderOptions {
  resolvedWorkspaceUri: string;
  roots: readonly WorkspaceRoot[];
  /** lspTool.maxLocations, counting symbols (nested ones included). */
  maxSymbols: number;
  maxResultChars: number;
  /** Nested children shown indented (an outline), or a flat list. */
  outline: boolean;
  notes?: readonly string[];
}

/** Every symbol in the order shown (pre-order for an outline), with its depth. */
export function flattenSymbols<T extends { children?: readonly T[] }>(symbols: readonly T[], outline: boolean): { symbol: T; depth: number }[] {
  const out: { symbol: T; depth: number }[] = [];
  const walk = (list: readonly T[], depth: number): void => {
    for (const symbol of list) {
      out.push({ symbol, depth });
      if (outline && symbol.children) walk(symbol.children, depth + 1);
    }
  };
  walk(symbols, 0);
  return out;
}

export function formatSymbols(symbols: readonly ShownSymbol[], options: SymbolRenderOptions): string {
  const all = flattenSymbols(symbols, options.outline);
  if (all.length === 0) return withNotes(NO_RESULTS, options.notes, options.maxResultChars, 'symbols');
  const shown = all.slice(0, options.maxSymbols);
  const pathOf = displayPaths(options.resolvedWorkspaceUri, options.roots);
  const lines: string[] = [];
  let length = 0;
  for (const { symbol, depth } of shown) {
    const { line, character } = symbol.selectionRange.start;
    const container = symbol.containerName === undefined ? '' : ` in ${symbol.containerName}`;
    const text = `${'  '.repeat(depth)}${pathOf(symbol.uri)}:${line + 1}:${character + 1}: ${symbol.kind} ${symbol.name}${container}`;
    lines.push(text);
    length += text.length + 1;
    // Past the character cap the rest is cut anyway (and the truncation notice says so).
    if (length - 1 > options.maxResultChars) break;
  }
  let text = lines.join('\n');
  const omitted = all.length - shown.length;
  if (omitted > 0) text += omittedLine(omitted, 'symbol', options.maxSymbols);
  return withNotes(text, options.notes, options.maxResultChars, 'symbols');
}
