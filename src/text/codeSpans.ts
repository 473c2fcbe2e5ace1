// A title's names in backticks (`References to \`total\``): where code starts and ends, so the card
// draws each name as code, and a surface that shows plain text drops the marks.

export interface Span {
  text: string;
  code: boolean;
}

/** The text in runs, each pair of backticks' inside a code run; an unpaired backtick stays as text. */
export function codeSpans(text: string): Span[] {
  const parts = text.split('`');
  const spans: Span[] = [];
  parts.forEach((part, i) => {
    const paired = i % 2 === 1 && i < parts.length - 1;
    const run = i % 2 === 1 && !paired ? `\`${part}` : part;
    if (run === '' && !paired) return;
    const last = spans[spans.length - 1];
    if (!paired && last !== undefined && !last.code) last.text += run;
    else spans.push({ text: run, code: paired });
  });
  return spans;
}

/** The text without its code marks: for a view's title bar or a notification, which show plain text. */
export function withoutCodeMarks(text: string): string {
  return codeSpans(text)
    .map((span) => span.text)
    .join('');
}
