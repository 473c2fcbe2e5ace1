// The text the model reads (docs/contract.md §5): locations and hover, with previews and notes (the caps: caps.ts).
import { displayPaths, type WorkspaceRoot } from './displayPath';
import { orderByFile } from './groupByFile';
import { NO_RESULTS, omittedLine, withNotes } from './caps';
import { isTrimmedSpace, StringBuilder, TextBuilder } from './textBuilder';

/** A location as the text shows it: a file and where its range starts (zero-based). */
export interface ShownLocation {
  uri: string;
  range: { start: { line: number; character: number } };
}

export interface ShownHover {
  contents: string;
}

export interface LocationRenderOptions<L extends ShownLocation = ShownLocation> {
  /** The folder that owns the queried file; outside paths are rendered against it (docs/contract.md §5.4). */
  resolvedWorkspaceUri: string;
  /** All workspace folders; relative paths work for any scheme, with a folder-name prefix when there are several. */
  roots?: readonly WorkspaceRoot[];
  maxLocations: number;
  maxResultChars: number;
  /** Source text of a location's line, when previews are on. */
  preview?: (location: L) => string | undefined;
  notes?: readonly string[];
}

export const NO_HOVER = 'No hover information.';
export const PREVIEW_MAX = 120;

/** Where a line's preview lies: trimmed, and cut to PREVIEW_MAX (an ellipsis follows when `cut`). */
export function previewBounds(line: string): { from: number; to: number; cut: boolean } {
  let from = 0;
  let to = line.length;
  while (from < to && isTrimmedSpace(line.charCodeAt(from))) from++;
  while (to > from && isTrimmedSpace(line.charCodeAt(to - 1))) to--;
  return to - from <= PREVIEW_MAX ? { from, to, cut: false } : { from, to: from + PREVIEW_MAX - 1, cut: true };
}

export function previewText(line: string): string {
  const { from, to, cut } = previewBounds(line);
  return cut ? `${line.slice(from, to)}…` : line.slice(from, to);
}

interface Collected {
  paths: string[];
  pathOf: Int32Array;
  /** The grouped order: location indices, file by file in order of first appearance (stable). */
  order: Int32Array;
  /** How many lines of `order` can be written before the text passes the character cap. */
  writable: number;
  /** One-based line and character of each writable location. */
  lines: Float64Array;
  characters: Float64Array;
  /** Preview sources, when copied up front (every location writable); otherwise asked for line by line. */
  previews: (string | undefined)[] | undefined;
}

/**
 * Groups the shown locations by display path and copies what the text needs into flat arrays.
 *
 * The grouped order visits the input out of sequence (a file's locations are usually spread
 * through the provider's answer). Reading 100,000 location objects in that order missed the CPU
 * cache on nearly every object: a CPU profile put most of the render on those property loads, and
 * copying them in one sequential pass first made it about twice as fast (docs/performance.md). When the
 * character cap keeps only a few lines, only those are read, in grouped order, and their previews
 * are asked for as they are written, so that a huge answer costs what the cap keeps.
 */
function collect<L extends ShownLocation>(locations: readonly L[], count: number, options: LocationRenderOptions<L>, stopAfter: number): Collected {
  // Locations cluster in few files: each file's display path is computed once.
  const pathFor = displayPaths(options.resolvedWorkspaceUri, options.roots);
  const { files: paths, fileOf: pathOf, order } = orderByFile(count, (i) => pathFor(locations[i]!.uri));
  let shortestPath = Number.MAX_SAFE_INTEGER;
  for (const path of paths) shortestPath = Math.min(shortestPath, path.length);

  // Every line after the first is at least "\n" + path + ":1:1"; writing stops once past stopAfter.
  const writable = Math.min(count, Math.floor((stopAfter + 1) / (shortestPath + 5)) + 1);
  const lines = new Float64Array(count);
  const characters = new Float64Array(count);
  let previews: (string | undefined)[] | undefined;
  if (writable === count) {
    const preview = options.preview;
    previews = preview === undefined ? undefined : new Array<string | undefined>(count);
    for (let i = 0; i < count; i++) {
      const location = locations[i]!;
      const start = location.range.start;
      lines[i] = start.line + 1;
      characters[i] = start.character + 1;
      if (previews !== undefined) previews[i] = preview!(location);
    }
  } else {
    for (let k = 0; k < writable; k++) {
      const index = order[k]!;
      const start = locations[index]!.range.start;
      lines[index] = start.line + 1;
      characters[index] = start.character + 1;
    }
  }
  return { paths, pathOf, order, writable, lines, characters, previews };
}

const COLON = 0x3a;
const SPACE = 0x20;
const NEWLINE = 0x0a;

/** The lines of docs/contract.md §5.1 into `out`, stopping once the text is longer than `stopAfter` (the cap cuts the rest anyway). */
function writeLocations<L extends ShownLocation>(
  out: TextBuilder | StringBuilder,
  locations: readonly L[],
  collected: Collected,
  options: LocationRenderOptions<L>,
  stopAfter: number,
): void {
  const { paths, pathOf, order, writable, lines, characters, previews } = collected;
  const preview = options.preview;
  for (let k = 0; k < writable && out.units <= stopAfter; k++) {
    const index = order[k]!;
    if (k > 0) out.appendAscii(NEWLINE);
    out.append(paths[pathOf[index]!]!);
    out.appendAscii(COLON);
    out.appendInteger(lines[index]!);
    out.appendAscii(COLON);
    out.appendInteger(characters[index]!);
    const source = previews !== undefined ? previews[index] : preview?.(locations[index]!);
    if (source === undefined) continue;
    out.appendAscii(COLON);
    out.appendAscii(SPACE);
    // previewText without its intermediate strings.
    const { from, to, cut } = previewBounds(source);
    out.append(source, from, to);
    if (cut) out.append('…');
  }
}

/** docs/contract.md §5.1: grouped by file in order of first appearance, count cap before grouping. */
export function formatLocations<L extends ShownLocation>(locations: readonly L[], options: LocationRenderOptions<L>): string {
  const { maxLocations, maxResultChars } = options;
  if (locations.length === 0) return withNotes(NO_RESULTS, options.notes, maxResultChars, 'locations');
  const shown = Math.min(locations.length, maxLocations);
  const omitted = locations.length - shown;
  const collected = collect(locations, shown, options, maxResultChars);
  // Typical lines are path:line:col plus a preview, mostly ASCII: about 80 bytes.
  let out: TextBuilder | StringBuilder = new TextBuilder(Math.min(shown * 80, maxResultChars + 256));
  writeLocations(out, locations, collected, options, maxResultChars);
  if (out.lossy) {
    out = new StringBuilder();
    writeLocations(out, locations, collected, options, maxResultChars);
  }
  let text = out.toString();
  if (omitted > 0) text += omittedLine(omitted, 'location', maxLocations);
  return withNotes(text, options.notes, maxResultChars, 'locations');
}

/** docs/contract.md §5.2: contents verbatim; the range is not rendered. */
export function formatHover(hover: ShownHover | null, maxResultChars: number, notes?: readonly string[]): string {
  return withNotes(hover === null ? NO_HOVER : hover.contents, notes, maxResultChars, 'hover');
}
