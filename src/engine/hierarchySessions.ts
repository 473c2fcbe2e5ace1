// VS Code answers provideIncomingCalls, provideOutgoingCalls, provideSupertypes and provideSubtypes
// only for items of one of the last ten prepared hierarchies: `_executePrepareCallHierarchy` (and the
// type hierarchy's twin) keeps ten models and disposes the oldest, and an item of a disposed one gets
// `[]`, the same answer as "no callers". Eleven walks at once would so answer a silent empty. A walk
// therefore holds its place from its prepare to its last call, and a new prepare starts only while
// every walk still running stays among the last few prepared.
import type { Budget } from './budget';

/** The models VS Code keeps (microsoft/vscode's src/vs/workbench/contrib/callHierarchy/common/callHierarchy.ts). */
export const VSCODE_KEPT_HIERARCHIES = 10;
/**
 * Walks at once: prepares after the oldest walk still running, at most; two of the ten are left for
 * the person's own views. Not the provider calls inside one walk (PROVIDER_CALLS_PER_WALK, in
 * tools/lsp_hierarchy/walk.ts), which is 8 too, for another reason.
 */
export const HIERARCHY_WALKS_AT_ONCE = VSCODE_KEPT_HIERARCHIES - 2;

export class HierarchySessions {
  /** Prepares started, and finished (in the order VS Code stored their models). */
  private started = 0;
  private finished = 0;
  /** Each running walk's place among the finished prepares; undefined while its prepare is in flight. */
  private readonly running = new Map<object, number | undefined>();
  private waiting: (() => void)[] = [];

  /** Prepares, then walks the prepared items, once no running walk's items can be disposed by it. */
  async run<P, T>(budget: Budget, prepare: () => Promise<P>, walk: (prepared: P) => Promise<T>): Promise<T> {
    while (!this.mayStart()) await budget.race(new Promise<void>((resolve) => this.waiting.push(resolve)));
    const self = {};
    this.running.set(self, undefined);
    this.started++;
    try {
      let prepared: P;
      try {
        prepared = await prepare();
      } finally {
        this.running.set(self, this.finished++);
      }
      return await walk(prepared);
    } finally {
      this.running.delete(self);
      const waiting = this.waiting;
      this.waiting = [];
      for (const wake of waiting) wake();
    }
  }

  /** At most HIERARCHY_WALKS_AT_ONCE prepares from the oldest running walk's on (one in flight lands no earlier than now). */
  private mayStart(): boolean {
    let oldest = this.started;
    for (const place of this.running.values()) oldest = Math.min(oldest, place ?? this.finished);
    return this.started - oldest < HIERARCHY_WALKS_AT_ONCE;
  }
}
