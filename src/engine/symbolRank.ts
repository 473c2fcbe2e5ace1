// How lsp_symbols orders workspace matches, and where a symbol's name starts in its declaration.
import { identifiersOnLine } from '../text/position';
import type { LspPosition, LspRange } from './result';

/** 0 exact, 1 exact ignoring case, 2 starts with the query, 3 contains it, 4 the provider's other (fuzzy) matches. */
export function matchRank(name: string, query: string): number {
  if (name === query) return 0;
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerName === lowerQuery) return 1;
  if (lowerName.startsWith(lowerQuery)) return 2;
  return lowerName.includes(lowerQuery) ? 3 : 4;
}

/** Dependencies, declaration files and libraries come after the workspace's own sources. */
export function isLibrary(uri: string, insideWorkspace: boolean): boolean {
  return !insideWorkspace || /\/node_modules\//.test(uri) || /\.d\.[cm]?ts$/.test(uri);
}

/** Ranked by match, then workspace sources first, then the provider's order (a stable sort). */
export function rankSymbols<T extends { name: string; uri: string }>(symbols: readonly T[], query: string, inside: (uri: string) => boolean): T[] {
  return symbols
    .map((symbol, index) => ({ symbol, index, rank: matchRank(symbol.name, query), library: isLibrary(symbol.uri, inside(symbol.uri)) ? 1 : 0 }))
    .sort((a, b) => a.rank - b.rank || a.library - b.library || a.index - b.index)
    .map((entry) => entry.symbol);
}

/** The declarations named exactly `name`, each once (a provider may list a declaration twice), in their order. */
export function declarationsNamed<T extends { name: string; uri: string; selectionRange: LspRange }>(symbols: readonly T[], name: string): T[] {
  const seen = new Set<string>();
  return symbols.filter((symbol) => {
    const key = `${symbol.uri}#${symbol.selectionRange.start.line}`;
    if (symbol.name !== name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Where `name` starts inside a declaration's range: a workspace symbol's range covers the whole
 * declaration (`export class Square` at its `export`), and `lsp` answers for the symbol only on
 * its name. The first identifier token equal to the name at or after the range's start; the
 * range's start when the lines do not have it.
 */
export function namePosition(lines: readonly string[] | undefined, range: LspRange, name: string): LspPosition {
  if (lines !== undefined) {
    const last = Math.min(range.end.line, lines.length - 1);
    for (let line = range.start.line; line <= last; line++) {
      const text = lines[line] ?? '';
      const from = line === range.start.line ? range.start.character : 0;
      const hit = identifiersOnLine(text).find((id) => id.name === name && id.start >= from && (line < range.end.line || id.end <= range.end.character));
      if (hit) return { line, character: hit.start };
    }
  }
  return range.start;
}
