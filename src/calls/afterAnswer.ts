// What a tool call sets off for the person (card, follow-along, walkthrough) runs after the answer
// has gone back to the model: run first, it cost the caller messages to the window
// (docs/performance.md). Tests and the benchmark wait for it with settled().
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Runs `work` on the next task; its failure is its own to report, never the caller's. */
  run(work: () => Promise<void> | void): void {
    const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(work)
      .catch(() => undefined)
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
