// One time budget and one cancellation for a whole call; late results are dropped, never rendered.
import { LspToolError } from './errors';

export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export interface Budget {
  readonly deadline: number;
  remaining(): number;
  /** Rejects with LSP_TIMEOUT or LSP_CANCELLED when the budget ends first. */
  race<T>(work: PromiseLike<T>): Promise<T>;
  sleep(ms: number): Promise<void>;
  dispose(): void;
}

export function createBudget(timeoutMs: number, token?: CancellationLike): Budget {
  const deadline = Date.now() + timeoutMs;
  let settle: ((error: LspToolError) => void) | undefined;
  const ended = new Promise<never>((_, reject) => {
    settle = reject;
  });
  ended.catch(() => undefined);
  let failure: LspToolError | undefined;
  const fail = (error: LspToolError): void => {
    if (failure) return;
    failure = error;
    settle?.(error);
  };
  const timer = setTimeout(
    () =>
      fail(
        new LspToolError(
          'LSP_TIMEOUT',
          `tool call timed out after ${timeoutMs}ms. The language server did not answer in time; retry once it has finished loading, or raise lspTool.timeoutMs.`,
        ),
      ),
    timeoutMs,
  );
  const cancelled = (): LspToolError => new LspToolError('LSP_CANCELLED', 'the request was cancelled. Nothing was queried further.');
  const subscription = token?.onCancellationRequested(() => fail(cancelled()));
  if (token?.isCancellationRequested) fail(cancelled());
  return {
    deadline,
    remaining: () => Math.max(0, deadline - Date.now()),
    race<T>(work: PromiseLike<T>): Promise<T> {
      if (failure) return Promise.reject(failure);
      return Promise.race([Promise.resolve(work), ended]);
    },
    sleep(ms: number): Promise<void> {
      return this.race(new Promise<void>((resolve) => setTimeout(resolve, ms)));
    },
    dispose(): void {
      clearTimeout(timer);
      subscription?.dispose();
    },
  };
}
