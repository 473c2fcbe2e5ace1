// A References view row's label (pure): the source line, trimmed, with the location highlighted.

export const LABEL_MAX = 250;

/**
 * A row's label: its source line without leading whitespace, with the location's span (clamped to
 * the line) as the highlight, cut to `max` characters.
 */
export function previewLabel(lineText: string, start: number, end: number, max = LABEL_MAX): { label: string; highlight: [number, number] } {
  const indent = lineText.length - lineText.trimStart().length;
  const from = Math.min(indent, start);
  const label = lineText.slice(from).trimEnd().slice(0, max);
  const s = Math.max(0, Math.min(label.length, start - from));
  const e = Math.max(s, Math.min(label.length, end - from));
  return { label, highlight: [s, e] };
}
