// A warm key answers in one call, unless that answer is empty: on every language an empty answer
// is provisional, since vscode-languageclient turns a server's ContentModified (-32801) and a
// restarting server into `[]` (rust-analyzer re-indexing, pyright reloading its configuration).
import type { Budget } from './budget';
import { settle, type ReadinessTuning, type Settled } from './readiness';

/**
 * The warm key's one answer, or, when it is empty, answers asked again until they hold still for
 * the stable window (a warm server's empty moment is brief: not the cold start's longer window).
 * `stable` false: the budget ran out while the answers still changed.
 */
export async function warmAnswer<T>(
  once: () => Promise<T>,
  empty: (value: T) => boolean,
  same: (a: T, b: T) => boolean,
  budget: Budget,
  tuning: ReadinessTuning,
): Promise<Settled<T>> {
  const started = Date.now();
  const value = await once();
  if (!empty(value)) return { value, stable: true, samples: 1, waitedMs: 0 };
  const settled = await settle(once, () => false, same, budget, tuning);
  return { ...settled, samples: settled.samples + 1, waitedMs: Date.now() - started };
}
