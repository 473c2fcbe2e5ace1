// Warm-up: right after a project opens, servers answer partial-but-not-empty. Re-query with backoff
// until the answer has stayed the same for a stability window; warm keys then answer in one call.
import type { Budget } from './budget';
import { profileOf } from './languages';

export interface ReadinessTuning {
  /** How long a non-empty answer must stay unchanged before it is trusted (at least). */
  stableMs: number;
  /**
   * For a server whose answers grow while its projects load (growsWhileLoading), the window also
   * grows with how long it took to answer at all: a server that needed seconds to start is still
   * loading, and its partial answers can stay unchanged for seconds (docs/performance.md, "What the
   * readiness windows were set from").
   */
  loadFactor: number;
  /**
   * How long a provisional answer must stay unchanged: an empty one (servers answer nothing while
   * loading), or one confined to the open files (what a server knows before its project loads).
   */
  emptyStableMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * How long an empty answer must stay empty while the language's server shows no sign of being up
   * (default: emptyStableMs × STARTING_FACTOR). A language client registers its providers only once
   * its server has initialised; until then every provider command answers [] (clangd, started by
   * the question itself: docs/performance.md, "What the readiness windows were set from").
   */
  startingStableMs?: number;
}

/**
 * How many times the provisional window an empty answer waits for a server that has not been seen
 * up, or right after a wake opened files for one: a server started just now can answer [] for many
 * seconds (pyright on a click: docs/performance.md, "What the readiness windows were set from").
 */
export const STARTING_FACTOR = 5;

/** How an answer is to be trusted: `false` settled after the stable window, `true` provisional, `'starting'` from a server not yet up. */
export type Provisional = boolean | 'starting';

function windowFor(provisional: Provisional, tuning: ReadinessTuning): number {
  if (provisional === 'starting') return tuning.startingStableMs ?? tuning.emptyStableMs * STARTING_FACTOR;
  return provisional ? tuning.emptyStableMs : tuning.stableMs;
}

export const DEFAULT_TUNING: ReadinessTuning = { stableMs: 1200, loadFactor: 1.5, emptyStableMs: 3000, firstDelayMs: 100, maxDelayMs: 800 };

export interface Settled<T> {
  value: T;
  stable: boolean;
  samples: number;
  waitedMs: number;
}

/**
 * Whether a language's server can hold a partial answer still while it loads, outside the open
 * files: tsserver, whose references grow as a workspace's projects load, and so a question of every
 * language (workspace symbols), which tsserver answers too. The other servers measured answer
 * nothing or only what the open files hold while they load (provisional answers, which wait the
 * longer window), or block until they have loaded and then answer completely (gopls), and growing
 * their window with the load only made them slower (docs/performance.md, "What the readiness
 * windows were set from"). A language's profile says which (settle.growsWhileLoading).
 */
export function growsWhileLoading(languageId: string): boolean {
  return languageId === ANY_LANGUAGE || profileOf(languageId).settle.growsWhileLoading;
}

/**
 * Polls `ask` until its answer is stable or the budget is nearly spent. `same` compares two answers;
 * `growing` (growsWhileLoading, the default true): the window grows with the first answer's time;
 * otherwise the back-off never sleeps past the window's end, so a stable answer returns one call after it.
 */
export async function settle<T>(
  ask: () => Promise<T>,
  provisional: (value: T) => Provisional,
  same: (a: T, b: T) => boolean,
  budget: Budget,
  tuning: ReadinessTuning = DEFAULT_TUNING,
  options: { growing?: boolean; now?: () => number } = {},
): Promise<Settled<T>> {
  const now = options.now ?? Date.now;
  const started = now();
  let callStart = now();
  let value = await ask();
  let lastCallMs = now() - callStart;
  let lastChange = now();
  let samples = 1;
  let delay = tuning.firstDelayMs;
  const growing = options.growing !== false;
  const loadWindow = growing ? lastCallMs * tuning.loadFactor : 0;
  for (;;) {
    const window = Math.max(windowFor(provisional(value), tuning), loadWindow);
    const held = now() - lastChange;
    if (held >= window && samples >= 3) {
      return { value, stable: true, samples, waitedMs: now() - started };
    }
    // Where the load window does not apply, the third and later samples are asked as the window
    // ends, not a back-off step after. tsserver's keep the full steps: its open-file-only answer
    // can hold still for as long as its project takes to load (docs/performance.md), and the later
    // sample is the margin it has always had.
    const pause = !growing && samples >= 2 ? Math.min(delay, Math.max(window - held, 0)) : delay;
    // Leave room for one more call; never let the warm-up itself cause a timeout.
    if (budget.remaining() < pause + lastCallMs * 2 + 50) {
      return { value, stable: false, samples, waitedMs: now() - started };
    }
    await budget.sleep(pause);
    delay = Math.min(delay * 2, tuning.maxDelayMs);
    callStart = now();
    const next = await ask();
    lastCallMs = now() - callStart;
    samples++;
    if (!same(value, next)) {
      value = next;
      lastChange = now();
    }
  }
}

/**
 * Whether every location lies in a file the editor has open. Before its project has loaded, a
 * server knows only those files, and such an answer can hold still for seconds (docs/performance.md,
 * "What the readiness windows were set from").
 */
export function confinedToOpenFiles(locationUris: readonly string[], openUris: ReadonlySet<string>): boolean {
  return locationUris.every((uri) => openUris.has(uri));
}

/** The language of a key whose answers come from every language's servers (workspace symbols). */
export const ANY_LANGUAGE = '*';

/**
 * Which (folder, language, operation) keys have answered stably: those answer in one call. A key
 * cools down when its server reloads the project (files created or deleted, the last file of the
 * language closed, a file outside every folder opened) and warms up anew. Also which languages'
 * servers have been seen up, which never cools: a restarting server's empty answers are provisional
 * as any are, but they no longer wait for the server to start.
 */

export class WarmKeys {
  private readonly warm = new Set<string>();
  /** Languages whose server has been seen up in this window: it answered something, or outlined a file. */
  private readonly serversUp = new Set<string>();

  serverUp(languageId: string): boolean {
    return this.serversUp.has(languageId);
  }

  sawServerUp(languageId: string): void {
    this.serversUp.add(languageId);
  }

  private static key(folder: string, languageId: string, operation: string): string {
    return `${folder}|${languageId}|${operation}`;
  }

  has(folder: string, languageId: string, operation: string): boolean {
    return this.warm.has(WarmKeys.key(folder, languageId, operation));
  }

  add(folder: string, languageId: string, operation: string): void {
    this.warm.add(WarmKeys.key(folder, languageId, operation));
  }

  /** Cools a folder (every language, or one; keys of any language, '*', cool with each). */
  coolFolder(folder: string, languageId?: string): void {
    for (const key of this.warm) {
      const [keyFolder, keyLanguage] = key.split('|');
      if (keyFolder === folder && (languageId === undefined || keyLanguage === languageId || keyLanguage === ANY_LANGUAGE)) this.warm.delete(key);
    }
  }

  /** Cools a language in every folder. */
  coolLanguage(languageId: string): void {
    for (const key of this.warm) {
      const keyLanguage = key.split('|')[1];
      if (keyLanguage === languageId || keyLanguage === ANY_LANGUAGE) this.warm.delete(key);
    }
  }
}
