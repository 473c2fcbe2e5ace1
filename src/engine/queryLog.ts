// One line per tool call for the "LSP Tool" log (pure): what was asked, what came back, how long it
// took. Generic: each tool says what it was asked and what it answered, in a few words.

/** What came back, for the log line: `7 locations`, `no hover`, `3 related items`. */
export interface LoggedAnswer {
  answer: string;
  completeness: string;
}

function duration(ms: number): string {
  return `${ms.toFixed(1)}ms`;
}

/** `7 locations`, `1 symbol`. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `findReferences src/a.ts:3:17 -> 7 locations (complete) in 12.3ms` */
export function formatQueryLine(asked: string, ms: number, answered: LoggedAnswer): string {
  return `${asked} -> ${answered.answer} (${answered.completeness}) in ${duration(ms)}`;
}

/** `findReferences src/a.ts:3:17 failed in 2.0ms: LSP_FILE_NOT_FOUND: ...` */
export function formatQueryError(asked: string, ms: number, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${asked} failed in ${duration(ms)}: ${message}`;
}
