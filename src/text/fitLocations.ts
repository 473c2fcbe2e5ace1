// `lsp`'s text within a reader's budget (answerBudget.ts): every location maxLocations allows comes
// first, bare (`path:line:character`, grouped by file); previews fill what is left, in answer
// order, and one line says how many kept theirs. Only when the bare locations do not fit do
// locations give way, with the omission marker. Previews are read only for the files whose
// previews can fit: each costs a stat (workspace/lines.ts), the tool's own time on a warm query.
import { displayPaths } from './displayPath';
import { orderByFile } from './groupByFile';
import { NO_RESULTS, withNotes } from './caps';
import { PREVIEW_MAX, previewText, type LocationRenderOptions, type ShownLocation } from './render';

export interface FitLocationsOptions<L extends ShownLocation> extends LocationRenderOptions<L> {
  /** Makes `preview` answer for these files' locations; asked only for the files whose previews may fit. */
  readPreviews?: (uris: string[]) => Promise<void>;
}

/** `\n… N more <noun>s omitted (limit <limit>).`: the seed's count marker, also for a character limit (`8192 characters`). */
export function omissionMarker(omitted: number, noun: string, limit: number | string): string {
  return `\n… ${omitted} more ${noun}${omitted === 1 ? '' : 's'} omitted (limit ${limit}).`;
}

export function characterLimit(limit: number): string {
  return `${limit} characters`;
}

/** The line that says how many items kept an optional part (previews, call sites). */
export function gaveWayLine(what: string, kept: number, of: number, noun: string): string {
  const nouns = `${noun}${of === 1 ? '' : 's'}`;
  return kept === 0 ? `\n${what} shown for none of the ${of} ${nouns}.` : `\n${what} shown for the first ${kept} of ${of} ${nouns}.`;
}

export function notesText(notes: readonly string[] | undefined): string {
  return (notes ?? []).map((note) => `\nNote: ${note}`).join('');
}

function digits(value: number): number {
  return String(value).length;
}

/** What a preview adds to its location's line: `: ` and the trimmed, capped source line. */
function previewCost(source: string | undefined): number {
  return source === undefined ? 0 : 2 + previewText(source).length;
}

/** A first guess of a preview's cost before any is read: a typical trimmed source line. */
const GUESSED_PREVIEW_COST = 60;
/** The most a preview can add (`: ` and PREVIEW_MAX characters). */
const MAX_PREVIEW_COST = PREVIEW_MAX + 2;

export async function formatLocationsWithin<L extends ShownLocation>(locations: readonly L[], options: FitLocationsOptions<L>, limit: number): Promise<string> {
  const max = Math.max(0, Math.min(limit, options.maxResultChars));
  const notes = notesText(options.notes);
  if (locations.length === 0) return withNotes(NO_RESULTS, options.notes, max, 'locations');
  const shown = Math.min(locations.length, options.maxLocations);
  const pathFor = displayPaths(options.resolvedWorkspaceUri, options.roots);
  const { files, fileOf, order } = orderByFile(shown, (i) => pathFor(locations[i]!.uri));
  const at = (k: number): L => locations[order[k]!]!;
  const bareLine = (k: number): string => {
    const start = at(k).range.start;
    return `${files[fileOf[order[k]!]!]!}:${start.line + 1}:${start.character + 1}`;
  };
  const bare = new Float64Array(shown);
  let bareTotal = 0;
  for (let k = 0; k < shown; k++) {
    const index = order[k]!;
    const start = locations[index]!.range.start;
    bare[k] = files[fileOf[index]!]!.length + 2 + digits(start.line + 1) + digits(start.character + 1);
    bareTotal += bare[k]! + (k > 0 ? 1 : 0);
  }
  const countMarker = locations.length > shown ? omissionMarker(locations.length - shown, 'location', options.maxLocations) : '';
  const fixed = bareTotal + countMarker.length + notes.length;
  const preview = options.preview;

  if (fixed <= max) {
    let kept = 0;
    let gaveWay = '';
    if (preview !== undefined) {
      const costs = await previewCosts(
        shown,
        (k) => at(k),
        (k) => fileOf[order[k]!]!,
        preview,
        max - fixed,
        options.readPreviews,
      );
      let used = 0;
      while (kept < costs.length && used + costs[kept]! <= max - fixed) used += costs[kept++]!;
      if (kept < shown) {
        // The line that says so takes its room from the previews.
        const room = max - fixed - gaveWayLine('Previews', shown, shown, 'location').length;
        while (kept > 0 && used > room) used -= costs[--kept]!;
        gaveWay = gaveWayLine('Previews', kept, shown, 'location');
        if (used > room) return overflow();
      }
    }
    const lines = new Array<string>(shown);
    for (let k = 0; k < shown; k++) {
      const source = k < kept ? preview?.(at(k)) : undefined;
      lines[k] = source === undefined ? bareLine(k) : `${bareLine(k)}: ${previewText(source)}`;
    }
    return lines.join('\n') + countMarker + gaveWay + notes;
  }
  return overflow();

  /** Not even the bare locations fit: the first ones that do, then the marker with the character limit. */
  function overflow(): string {
    const marker = (omitted: number): string => omissionMarker(omitted, 'location', characterLimit(max));
    const room = max - notes.length - Math.max(marker(locations.length).length, countMarker.length);
    let written = 0;
    let length = 0;
    while (written < shown && length + (written > 0 ? 1 : 0) + bare[written]! <= room) length += (written > 0 ? 1 : 0) + bare[written++]!;
    // Here the previews gave way and the line saying so did not fit: a location makes room for the marker.
    if (written === locations.length) written--;
    if (written === 0) {
      // Not even one location and the marker fit: the text cut at the limit, with the truncation notice.
      const some: string[] = [];
      for (let k = 0, length = 0; k < shown && length <= max; k++) {
        some.push(bareLine(k));
        length += bare[k]! + 1;
      }
      const gaveWay = preview === undefined ? '' : gaveWayLine('Previews', 0, shown, 'location');
      return withNotes(some.join('\n') + countMarker + gaveWay, options.notes, max, 'locations');
    }
    const lines = new Array<string>(written);
    for (let k = 0; k < written; k++) lines[k] = bareLine(k);
    return lines.join('\n') + marker(locations.length - written) + notes;
  }
}

/**
 * The cost of each location's preview, in answer order, for as many locations as may fit in
 * `available`: files are read in waves, each as large as the previews read so far suggest will
 * fit, so an answer whose previews cannot all fit checks only the files it shows previews of.
 */
async function previewCosts<L>(
  shown: number,
  at: (k: number) => L,
  fileAt: (k: number) => number,
  preview: (location: L) => string | undefined,
  available: number,
  read: ((uris: string[]) => Promise<void>) | undefined,
): Promise<number[]> {
  const costs: number[] = [];
  let used = 0;
  let readUpTo = 0;
  while (costs.length < shown) {
    const left = available - used;
    let target: number;
    if (costs.length === 0 && shown * MAX_PREVIEW_COST <= left) target = shown;
    else {
      const average = costs.length > 0 ? Math.max(2, used / costs.length) : GUESSED_PREVIEW_COST;
      target = Math.min(shown, costs.length + Math.ceil((left / average) * 1.25) + 1);
    }
    // Whole files: a file's previews come from one read.
    if (target < shown) {
      const file = fileAt(target - 1);
      while (target < shown && fileAt(target) === file) target++;
    }
    if (read !== undefined && target > readUpTo) {
      const uris = new Set<string>();
      for (let k = readUpTo; k < target; k++) uris.add((at(k) as { uri: string }).uri);
      await read([...uris]);
      readUpTo = target;
    }
    for (let k = costs.length; k < target; k++) {
      const cost = previewCost(preview(at(k)));
      costs.push(cost);
      used += cost;
      if (used > available) return costs;
    }
  }
  return costs;
}
