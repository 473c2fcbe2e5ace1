// Whether a server's background index had the whole project when a workspace-wide answer was given.
// clangd answers workspace symbols from what it has indexed so far and indexes in the background,
// so its answer can hold still for the stable window and still grow after (16 of 18 symbols on
// libyaml): readiness alone cannot tell. What the disk shows of such an index (ports.ts
// IndexProgress) can: the answer waits while the index grows, for as long as a starting server is
// waited for, and says so in a Note when it was still growing, or could not be seen, at the answer.
import type { IndexProgress, Workspace } from './ports';

/** What the indexes looked like at one answer: plain data, kept with it. */
export interface IndexSnapshot {
  /** Indexes known to be missing files of their project. */
  growing: IndexProgress[];
  /** Projects whose index the disk does not show (another server, background indexing off, or not begun). */
  unseen: string[];
  /** The wait for a growing index is over: it no longer holds the answer back. */
  waited: boolean;
  /**
   * What counts as a change of the answer (with its symbols): a file indexed while the wait lasts, an
   * index appearing or completing. Once the wait is over, the counts stay as they were when it ended,
   * so that its end is no change (which would start the stable window again).
   */
  key: string;
}

function keyOf(growing: readonly IndexProgress[], unseen: readonly string[]): string {
  const counts = growing.map((p) => `${p.project} ${p.indexed}/${p.total}`).sort();
  return `${counts.join(' ')}|${[...unseen].sort().join(' ')}`;
}

/** Looks at the indexes at each answer of one call; the wait for them ends `waitMs` after the first look. */
export class IndexWatch {
  private until: number | undefined;
  private lastKey: string | undefined;

  constructor(
    private readonly workspace: Pick<Workspace, 'indexProgress'>,
    private readonly waitMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async look(): Promise<IndexSnapshot> {
    this.until ??= this.now() + this.waitMs;
    const progress = await this.workspace.indexProgress().catch((): IndexProgress[] => []);
    const growing = progress.filter((p) => p.indexed !== undefined && p.indexed < p.total);
    const unseen = progress.filter((p) => p.indexed === undefined).map((p) => p.project);
    const waited = this.now() >= this.until;
    const key = waited && growing.length > 0 && this.lastKey !== undefined ? this.lastKey : keyOf(growing, unseen);
    this.lastKey = key;
    return { growing, unseen, waited, key };
  }
}

/** Whether an index was still growing and the answer may still wait for it. */
export function waitsForIndex(snapshot: IndexSnapshot | undefined): boolean {
  return snapshot !== undefined && !snapshot.waited && snapshot.growing.length > 0;
}

/** The part of a snapshot that counts as a change of the answer (IndexSnapshot.key). */
export function indexKey(snapshot: IndexSnapshot | undefined): string {
  return snapshot?.key ?? '';
}

function named<T>(items: readonly T[], show: (item: T) => string): string {
  const shown = items.slice(0, 3).map(show).join(', ');
  return items.length > 3 ? `${shown} and ${items.length - 3} more` : shown;
}

/**
 * The Note for an answer given while an index was growing (always), or while a project's index could
 * not be seen (on a cold answer only: a server just started may still be indexing it; once an answer
 * has held still, a project whose index never shows is not said again).
 */
export function indexNote(snapshot: IndexSnapshot | undefined, pathOf: (uri: string) => string, cold: boolean): string | undefined {
  if (snapshot === undefined) return undefined;
  if (snapshot.growing.length > 0) {
    const counts = named(snapshot.growing, (p) => `${pathOf(p.project)} (${p.indexed} of ${p.total} files indexed)`);
    return `the language server's index was still growing when this answered: ${counts}. Symbols of the files not yet indexed are missing; call again in a moment.`;
  }
  if (cold && snapshot.unseen.length > 0) {
    return `the language server may still be indexing the project of ${named(snapshot.unseen, pathOf)} (its index is not on disk to count), so symbols may be missing. Call again in a moment.`;
  }
  return undefined;
}
