// The caps every tool's text keeps (pure): the count cap's omission line, the character cap's
// truncation notice, and the notes that follow the body and survive the cut.

export const NO_RESULTS = 'No results.';

/** `… 3 more locations omitted (limit 100).`: what the count cap left out, on a line of its own. */
export function omittedLine(omitted: number, noun: string, limit: number): string {
  return `\n… ${omitted} more ${noun}${omitted === 1 ? '' : 's'} omitted (limit ${limit}).`;
}

/** docs/contract.md §5.3: never longer than max, exactly max when it truncates. */
export function bound(text: string, max: number, label: string, statedLimit = max): string {
  if (text.length <= max) return text;
  const notice = `\n… ${label} truncated (limit ${statedLimit} characters).`;
  if (notice.length >= max) return notice.slice(0, max);
  return text.slice(0, max - notice.length) + notice;
}

/** Notes follow the body; the body is cut first so that the notes survive the character cap. `label` names what is cut (locations, hover, symbols…). */
export function withNotes(body: string, notes: readonly string[] | undefined, max: number, label: string): string {
  const notesText = (notes ?? []).map((note) => `\nNote: ${note}`).join('');
  if (notesText === '') return bound(body, max, label);
  if (body.length + notesText.length <= max) return body + notesText;
  if (notesText.length < max) return bound(body, max - notesText.length, label, max) + notesText;
  return bound(body + notesText, max, label);
}
