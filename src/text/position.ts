// Pure cursor helpers over line text: identifiers with UTF-16 columns, and snapping to a named symbol.

import type { LspPosition } from './coordinates';

export interface Identifier {
  name: string;
  /** Zero-based UTF-16 start and end (exclusive). */
  start: number;
  end: number;
}

const IDENTIFIER = /[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]*/gu;

export function identifiersOnLine(text: string): Identifier[] {
  const found: Identifier[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const start = match.index ?? 0;
    found.push({ name: match[0], start, end: start + match[0].length });
  }
  return found;
}

/** The identifier under a zero-based column (its end counts, as VS Code's word range does). */
export function identifierAt(text: string, character: number): Identifier | undefined {
  return identifiersOnLine(text).find((id) => character >= id.start && character <= id.end);
}

export const SNAP_RADIUS = 5;

/** Nearest occurrence of `symbol` on the cursor's line, then on lines ever further away (up to SNAP_RADIUS). */
export function snapToSymbol(
  lineText: (line: number) => string | undefined,
  position: LspPosition,
  symbol: string,
  radius = SNAP_RADIUS,
): LspPosition | undefined {
  const current = lineText(position.line);
  if (current !== undefined && identifierAt(current, position.character)?.name === symbol) return position;
  for (let distance = 0; distance <= radius; distance++) {
    const candidates = distance === 0 ? [position.line] : [position.line - distance, position.line + distance];
    for (const line of candidates) {
      const text = line >= 0 ? lineText(line) : undefined;
      if (text === undefined) continue;
      const hits = identifiersOnLine(text).filter((id) => id.name === symbol);
      if (hits.length === 0) continue;
      const nearest = hits.reduce((best, id) => (Math.abs(id.start - position.character) < Math.abs(best.start - position.character) ? id : best));
      return { line, character: nearest.start };
    }
  }
  return undefined;
}

/** "foo (col 7), bar (col 12)": one-based columns the model can pass straight back. */
export function describeIdentifiers(text: string): string {
  return identifiersOnLine(text)
    .map((id) => `${id.name} (col ${id.start + 1})`)
    .join(', ');
}

/** A UTF-16 column between the halves of a surrogate pair moves to the pair's start. */
export function alignToCodePoint(text: string, character: number): number {
  if (character <= 0 || character >= text.length) return character;
  const before = text.charCodeAt(character - 1);
  const at = text.charCodeAt(character);
  const splitsPair = before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff;
  return splitsPair ? character - 1 : character;
}
