// The files of an answer as its caller sees them (pure). A terminal agent on MCP reads the disk; the
// chat reads the editor. The servers answer about the editor's text, so: a result in a file no
// longer on disk, or past the end of the file, is the server not having caught up (left out, after
// a wait: freshForCaller); a file with unsaved changes has its positions translated for a caller
// on the disk, by a line diff (engine/lineDiff.ts), and every caller is told it has them.
import type { Budget } from './budget';
import { matchLines } from './lineDiff';
import type { FileView, Workspace } from './ports';
import type { LspPosition, LspRange } from './result';

/** Where the caller reads files: `disk` (MCP: terminal agents), `editor` (the chat, commands, the API). */
export type CallerView = 'disk' | 'editor';

/** How long an answer that points at files the disk no longer has is asked again, at most. */
const STALE_WAIT_MS = 1_500;
const STALE_STEP_MS = 100;

type Dropped = 'gone' | 'pastEnd' | 'editorOnly';

/** Something of an answer that points into a file. */
export interface Placed {
  uri: string;
  range: LspRange;
}

export class CallerFiles {
  private readonly dropped = new Map<Dropped, Map<string, number>>();
  private readonly matches = new Map<string, Int32Array>();

  constructor(
    private readonly views: ReadonlyMap<string, FileView>,
    readonly view: CallerView,
  ) {}

  static async read(
    workspace: Workspace,
    uris: readonly string[],
    view: CallerView,
    budget: Budget,
    known?: ReadonlyMap<string, FileView>,
  ): Promise<CallerFiles> {
    return new CallerFiles(await budget.race(workspace.fileViews(uris, known)), view);
  }

  /** Why the server's `line` in `uri` is not in the editor's text or on disk: its file is gone, or the line is past its end. */
  staleAt(uri: string, line: number): 'gone' | 'pastEnd' | undefined {
    const view = this.views.get(uri);
    if (view === undefined) return undefined;
    const lines = view.unsaved ?? view.disk;
    if (lines === 'gone') return 'gone';
    if (lines !== undefined && line >= lines.length) return 'pastEnd';
    return undefined;
  }

  /** Whether any of `places` is stale (its file gone, or its line past the end). */
  anyStale(places: Iterable<Placed>): boolean {
    for (const p of places) if (this.staleAt(p.uri, p.range.start.line) !== undefined) return true;
    return false;
  }

  /** The entries that are not stale, those left out counted for the Note. */
  fresh<T>(items: readonly T[], placeOf: (item: T) => Placed | undefined): T[] {
    return items.filter((item) => {
      const place = placeOf(item);
      const stale = place && this.staleAt(place.uri, place.range.start.line);
      if (stale !== undefined) this.count(stale, place!.uri);
      return stale === undefined;
    });
  }

  /** The range as the caller sees it; undefined for a line only in the editor's unsaved text (for a caller on the disk). */
  rangeFor(uri: string, range: LspRange): LspRange | undefined {
    const line = this.lineFor(uri, range.start.line);
    if (line === undefined) return undefined;
    return line === range.start.line ? range : shifted(range, line - range.start.line);
  }

  /** The entries in the caller's positions (`move` rewrites one), those on lines the caller does not have left out and counted. */
  forCaller<T>(items: readonly T[], placeOf: (item: T) => Placed | undefined, move: (item: T, range: LspRange) => T): T[] {
    const out: T[] = [];
    for (const item of items) {
      const place = placeOf(item);
      if (place === undefined) {
        out.push(item);
        continue;
      }
      const range = this.rangeFor(place.uri, place.range);
      if (range === undefined) this.count('editorOnly', place.uri);
      else out.push(range === place.range ? item : move(item, range));
    }
    return out;
  }

  /** A zero-based line of the editor's text as the caller numbers it; undefined when the disk has no such line. */
  private lineFor(uri: string, line: number): number | undefined {
    const view = this.views.get(uri);
    if (this.view === 'editor' || view?.unsaved === undefined) return line;
    if (!Array.isArray(view.disk)) return undefined;
    const match = this.match(uri, view.unsaved, view.disk);
    const mapped = line < match.length ? match[line]! : -1;
    return mapped < 0 ? undefined : mapped;
  }

  private match(uri: string, from: string[], to: string[]): Int32Array {
    let match = this.matches.get(uri);
    if (match === undefined) this.matches.set(uri, (match = matchLines(from, to)));
    return match;
  }

  /** The lines the caller sees (or `as` would) of each file read, for previews. */
  lines(as: CallerView = this.view): Map<string, string[]> {
    const lines = new Map<string, string[]>();
    for (const [uri, view] of this.views) {
      const seen = as === 'editor' ? (view.unsaved ?? view.disk) : view.disk;
      if (Array.isArray(seen)) lines.set(uri, seen);
    }
    return lines;
  }

  /** The files read that have unsaved changes in the editor. */
  unsaved(): string[] {
    return [...this.views].filter(([, view]) => view.unsaved !== undefined).map(([uri]) => uri);
  }

  private count(why: Dropped, uri: string): void {
    let files = this.dropped.get(why);
    if (files === undefined) this.dropped.set(why, (files = new Map<string, number>()));
    files.set(uri, (files.get(uri) ?? 0) + 1);
  }

  /** The Notes: the files with unsaved changes (unless `unsaved` is false: the caller says it), and what was left out and why. */
  notes(pathOf: (uri: string) => string, unsavedNote = true): string[] {
    const notes: string[] = [];
    const unsaved = this.unsaved();
    if (unsaved.length > 0 && unsavedNote) {
      const where =
        this.view === 'disk' ? 'positions are those of the files as they are on disk' : "positions are those of the editor's text, which is not saved to disk";
      notes.push(`${named(unsaved, pathOf)} ${unsaved.length === 1 ? 'has' : 'have'} unsaved changes in the editor: ${where}.`);
    }
    const said: Record<Dropped, string> = {
      gone: 'in files no longer on disk',
      pastEnd: 'past the end of the files as they are on disk',
      editorOnly: "on lines that are only in the editor's unsaved text",
    };
    for (const [why, files] of this.dropped) {
      const n = [...files.values()].reduce((a, b) => a + b, 0);
      const late = why === 'editorOnly' ? '' : ': the language server had not caught up with the change yet';
      notes.push(`left out ${n} result${n === 1 ? '' : 's'} ${said[why]} (${named([...files.keys()], pathOf)})${late}.`);
    }
    return notes;
  }
}

/** The range `delta` lines down (up when negative). */
export function shifted(range: LspRange, delta: number): LspRange {
  return { start: { ...range.start, line: range.start.line + delta }, end: { ...range.end, line: range.end.line + delta } };
}

function named(uris: readonly string[], pathOf: (uri: string) => string): string {
  const shown = uris.slice(0, 3).map(pathOf).join(', ');
  return uris.length > 3 ? `${shown} and ${uris.length - 3} more` : shown;
}

/**
 * The answer once no place in it is stale, asked again (`again`) while the editor catches up with
 * the disk, at most STALE_WAIT_MS and inside the budget; with the files as the caller sees them.
 */
export async function freshForCaller<T>(
  first: T,
  placesOf: (value: T) => Placed[],
  again: (() => Promise<T>) | undefined,
  read: (uris: string[]) => Promise<CallerFiles>,
  budget: Budget,
): Promise<{ value: T; files: CallerFiles }> {
  const started = Date.now();
  let value = first;
  for (;;) {
    const places = placesOf(value);
    const files = await read([...new Set(places.map((p) => p.uri))]);
    const waited = Date.now() - started;
    if (!files.anyStale(places) || again === undefined || waited + STALE_STEP_MS > STALE_WAIT_MS || budget.remaining() < 4 * STALE_STEP_MS)
      return { value, files };
    await budget.sleep(STALE_STEP_MS);
    value = await again();
  }
}

/**
 * Where a caller on the disk's `position` is in the editor's unsaved text: the same line where it is
 * unchanged, else as far below the nearest unchanged line above it (`exact` false).
 */
export function diskToEditor(disk: readonly string[], editor: readonly string[], position: LspPosition): { position: LspPosition; exact: boolean } {
  const match = matchLines(disk, editor);
  const mapped = match[position.line] ?? -1;
  if (mapped >= 0) return { position: { line: mapped, character: position.character }, exact: true };
  let above = position.line - 1;
  while (above >= 0 && match[above]! < 0) above--;
  const line = Math.min(Math.max(0, editor.length - 1), (above < 0 ? -1 : match[above]!) + (position.line - above));
  return { position: { line, character: Math.min(position.character, (editor[line] ?? '').length) }, exact: false };
}
