// What one of our answers carries, read back from its text: how many entries (locations, related
// items or symbols), how many kept their optional part (a preview, call sites), and the lines that
// say what gave way. Shared by the Copilot tests and the Copilot benchmark.

export type AnswerKind = 'locations' | 'hierarchy' | 'symbols';

export interface AnswerShape {
  chars: number;
  /** Copilot's "Large tool result … written to file" instead of the text. */
  pointer: boolean;
  /** Location lines; for a hierarchy, the related items (indented lines); symbol lines. */
  entries: number;
  /** Entries with their preview (locations) or call sites (hierarchy). */
  withOptional: number;
  /** The lines that say what gave way (`Previews shown …`, `Call sites shown …`, an omission marker). */
  gaveWay: string[];
}

const POINTER = /^Large tool result \(\d+KB\) written to file\./;
const ENTRY = /^( *)(\S.*?):(\d+):(\d+)(: .*)?$/;

export function shapeOf(text: string, kind: AnswerKind): AnswerShape {
  const lines = text.split('\n');
  const gaveWay = lines.filter((l) => /^(Previews shown|Call sites shown|… \d+ more .* omitted)/.test(l));
  let entries = 0;
  let withOptional = 0;
  for (const line of lines) {
    if (/^(Note: |… |Previews shown|Call sites shown)/.test(line)) continue;
    const m = ENTRY.exec(line);
    if (!m) continue;
    if (kind === 'hierarchy' && m[1] === '') continue;
    entries++;
    if (kind === 'locations' && m[5] !== undefined) withOptional++;
    if (kind === 'hierarchy' && / \(call(s|ed) at [\d:, ]+\)/.test(line)) withOptional++;
  }
  return { chars: text.length, pointer: POINTER.test(text), entries, withOptional, gaveWay };
}

export function describeShape(s: AnswerShape, kind: AnswerKind): string {
  if (s.pointer) return `${s.chars} characters: a pointer to a file`;
  const optional = kind === 'locations' ? 'with previews' : kind === 'hierarchy' ? 'with call sites' : '';
  return `${s.chars} characters, ${s.entries} ${kind === 'hierarchy' ? 'related items' : kind}${optional ? `, ${s.withOptional} ${optional}` : ''}${s.gaveWay.length ? ` (${s.gaveWay.join(' ')})` : ''}`;
}
