// lsp_symbols' text within a reader's budget (answerBudget.ts): a symbol's line (position, kind,
// name, container) has nothing optional, so when the lines do not all fit, whole symbols give way
// from the end, with the omission marker and the character limit; never a line cut in two.
import { displayPaths } from './displayPath';
import { characterLimit, notesText, omissionMarker } from './fitLocations';
import { NO_RESULTS, withNotes } from './caps';
import { flattenSymbols, type ShownSymbol, type SymbolRenderOptions } from './renderSymbols';

export function formatSymbolsWithin(symbols: readonly ShownSymbol[], options: SymbolRenderOptions, limit: number): string {
  const max = Math.max(0, Math.min(limit, options.maxResultChars));
  const all = flattenSymbols(symbols, options.outline);
  if (all.length === 0) return withNotes(NO_RESULTS, options.notes, max, 'symbols');
  const notes = notesText(options.notes);
  const shown = Math.min(all.length, options.maxSymbols);
  const pathOf = displayPaths(options.resolvedWorkspaceUri, options.roots);
  const countMarker = all.length > shown ? omissionMarker(all.length - shown, 'symbol', options.maxSymbols) : '';
  const charMarker = (omitted: number): string => omissionMarker(omitted, 'symbol', characterLimit(max));
  // Room for the lines if they all fit, and if they do not (the marker then names the character limit).
  const roomAll = max - notes.length - countMarker.length;
  const roomSome = max - notes.length - Math.max(charMarker(all.length).length, countMarker.length);
  const lines: string[] = [];
  let length = 0;
  let fitsAll = true;
  let fitsSome = 0;
  for (let i = 0; i < shown && length <= max; i++) {
    const { symbol, depth } = all[i]!;
    const { line, character } = symbol.selectionRange.start;
    const container = symbol.containerName === undefined ? '' : ` in ${symbol.containerName}`;
    const text = `${'  '.repeat(depth)}${pathOf(symbol.uri)}:${line + 1}:${character + 1}: ${symbol.kind} ${symbol.name}${container}`;
    lines.push(text);
    length += (i > 0 ? 1 : 0) + text.length;
    if (length > roomAll) fitsAll = false;
    if (length <= roomSome) fitsSome = lines.length;
  }
  if (fitsAll && lines.length === shown) return lines.join('\n') + countMarker + notes;
  // Not even one line and the marker fit: the text cut at the limit, with the truncation notice.
  if (fitsSome === 0) return withNotes(lines.join('\n') + countMarker, options.notes, max, 'symbols');
  return lines.slice(0, fitsSome).join('\n') + charMarker(all.length - fitsSome) + notes;
}
