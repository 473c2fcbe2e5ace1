// The text lsp_diagnostics returns (pure): a first line with the exact totals, then one
// `path:line:character: severity message (source code)` line per diagnostic, grouped by file, errors
// first. The count cap and the character limit drop whole lines from the end, each with its marker.
import { displayPaths, type WorkspaceRoot } from './displayPath';
import { withNotes } from './caps';
import { characterLimit, notesText, omissionMarker } from './fitLocations';

export type SeverityName = 'error' | 'warning' | 'information' | 'hint';

export interface ShownDiagnostic {
  uri: string;
  /** Zero-based. */
  range: { start: { line: number; character: number } };
  severity: SeverityName;
  message: string;
  source?: string;
  code?: string;
}

export interface DiagnosticsRenderOptions {
  resolvedWorkspaceUri: string;
  roots: readonly WorkspaceRoot[];
  /** lspTool.maxLocations, counting diagnostics. */
  maxDiagnostics: number;
  maxResultChars: number;
  /** What an empty answer says: "No errors or warnings." */
  empty: string;
  notes?: readonly string[];
  /** Files shown before all others (the files a change reached), in the same order among themselves. */
  first?: ReadonlySet<string>;
}

/** A message longer than this is cut (with an ellipsis): one diagnostic is one line. */
export const MESSAGE_LIMIT = 300;

const RANK: Record<SeverityName, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** The files in `first` first; then files with errors first, then by path; in a file, errors first, then by position. */
export function sortDiagnostics<T extends ShownDiagnostic>(diagnostics: readonly T[], pathOf: (uri: string) => string, first?: ReadonlySet<string>): T[] {
  const worst = new Map<string, number>();
  for (const d of diagnostics) worst.set(d.uri, Math.min(worst.get(d.uri) ?? 9, RANK[d.severity]));
  const group = (uri: string): number => (first?.has(uri) === true ? 0 : 1);
  return [...diagnostics].sort(
    (a, b) =>
      group(a.uri) - group(b.uri) ||
      worst.get(a.uri)! - worst.get(b.uri)! ||
      (pathOf(a.uri) < pathOf(b.uri) ? -1 : pathOf(a.uri) > pathOf(b.uri) ? 1 : 0) ||
      RANK[a.severity] - RANK[b.severity] ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
}

/** `3 errors and 1 warning in 2 files.` */
export function totalsLine(diagnostics: readonly ShownDiagnostic[]): string {
  const counts = new Map<SeverityName, number>();
  for (const d of diagnostics) counts.set(d.severity, (counts.get(d.severity) ?? 0) + 1);
  const parts = (['error', 'warning', 'information', 'hint'] as const)
    .filter((s) => counts.has(s))
    .map((s) => {
      const n = counts.get(s)!;
      const noun = s === 'information' ? 'information message' : s;
      return `${n} ${noun}${n === 1 ? '' : 's'}`;
    });
  const files = new Set(diagnostics.map((d) => d.uri)).size;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
  return `${list} in ${files} file${files === 1 ? '' : 's'}.`;
}

/** One line of text: whitespace runs become one space, and a long message is cut. */
export function oneLine(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= MESSAGE_LIMIT ? flat : `${flat.slice(0, MESSAGE_LIMIT - 1)}…`;
}

export function diagnosticLine(d: ShownDiagnostic, path: string): string {
  const origin = [d.source, d.code].filter((p) => p !== undefined && p !== '').join(' ');
  return `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${oneLine(d.message)}${origin === '' ? '' : ` (${origin})`}`;
}

/** The errors in the files that depend on the changed files asked about, in a section of their own. */
export interface CausedSection {
  /** The changed files, as shown. */
  by: readonly string[];
  /** How many dependent files were checked. */
  files: number;
  diagnostics: readonly ShownDiagnostic[];
}

/** `In 28 other files that use src/isFunction.ts, after its change: 35 errors in 28 files.` */
export function causedHeading(caused: CausedSection): string {
  const what = caused.by.length === 1 ? caused.by[0]! : `${caused.by.slice(0, -1).join(', ')} and ${caused.by.at(-1)!}`;
  const files = `${caused.files} other file${caused.files === 1 ? '' : 's'} that use${caused.files === 1 ? 's' : ''} ${what}`;
  if (caused.files === 0) return `No other file uses what ${what} declares: its change can break nothing elsewhere.`;
  if (caused.diagnostics.length === 0) return `No errors in the ${files}, after the change.`;
  return `Caused elsewhere, in the ${files}, after the change: ${totalsLine(caused.diagnostics).replace(/\.$/, '')}.`;
}

/**
 * The whole answer, within `limit` characters when one is given (else lspTool.maxResultChars): with
 * `caused`, the files' own answer (at most half the room while the section needs it), then the section.
 */
export function formatDiagnostics(diagnostics: readonly ShownDiagnostic[], options: DiagnosticsRenderOptions, limit?: number, caused?: CausedSection): string {
  const max = Math.max(0, Math.min(limit ?? options.maxResultChars, options.maxResultChars));
  if (caused === undefined) return formatList(diagnostics, options, max);
  const heading = causedHeading(caused);
  if (caused.diagnostics.length === 0)
    return formatList(diagnostics, options, max - heading.length - 2).replace(/(\nNote: [^]*)?$/, (notes) => `\n\n${heading}${notes}`);
  const own = formatList(diagnostics, { ...options, notes: [] }, Math.floor(max / 2));
  const rest = formatList(caused.diagnostics, { ...options, empty: '' }, max - own.length - 2 - heading.length - 1);
  // The section's own totals line is the heading's.
  return `${own}\n\n${heading}\n${rest.slice(rest.indexOf('\n') + 1)}`;
}

function formatList(diagnostics: readonly ShownDiagnostic[], options: DiagnosticsRenderOptions, max: number): string {
  if (diagnostics.length === 0) return withNotes(options.empty, options.notes, max, 'diagnostics');
  const pathOf = displayPaths(options.resolvedWorkspaceUri, options.roots);
  const sorted = sortDiagnostics(diagnostics, pathOf, options.first);
  const shown = Math.min(sorted.length, options.maxDiagnostics);
  const head = totalsLine(sorted);
  const notes = notesText(options.notes);
  const countMarker = sorted.length > shown ? omissionMarker(sorted.length - shown, 'diagnostic', options.maxDiagnostics) : '';
  const charMarker = (omitted: number): string => omissionMarker(omitted, 'diagnostic', characterLimit(max));
  const roomAll = max - head.length - notes.length - countMarker.length;
  const roomSome = max - head.length - notes.length - Math.max(charMarker(sorted.length).length, countMarker.length);
  const lines: string[] = [];
  let length = 0;
  let fitsSome = 0;
  for (let i = 0; i < shown && length <= roomAll; i++) {
    const text = diagnosticLine(sorted[i]!, pathOf(sorted[i]!.uri));
    lines.push(text);
    length += 1 + text.length;
    if (length <= roomSome) fitsSome = lines.length;
  }
  if (lines.length === shown && length <= roomAll) return [head, ...lines].join('\n') + countMarker + notes;
  // Not one line and its marker fit: the text cut at the limit, with the truncation notice.
  if (fitsSome === 0) return withNotes([head, ...lines].join('\n') + countMarker, options.notes, max, 'diagnostics');
  return [head, ...lines.slice(0, fitsSome)].join('\n') + charMarker(sorted.length - fitsSome) + notes;
}
