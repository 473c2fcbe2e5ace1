// The bound on calls in flight: at most `size` run at once; the rest wait their turn, in order,
// unless cancelled first.

export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** A slot (its release function), after `onWait` when the caller has to wait for one. */
  async acquire(signal: AbortSignal, onWait: () => void): Promise<() => void> {
    if (this.running >= this.size) {
      onWait();
      await new Promise<void>((resolve, reject) => {
        const turn = (): void => {
          signal.removeEventListener('abort', abort);
          resolve();
        };
        const abort = (): void => {
          const at = this.waiting.indexOf(turn);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(Object.assign(new Error('LSP_CANCELLED: the request was cancelled. Nothing was queried further.'), { code: 'LSP_CANCELLED' }));
        };
        signal.addEventListener('abort', abort, { once: true });
        this.waiting.push(turn);
      });
    } else this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.running -= 1;
    };
  }
}
