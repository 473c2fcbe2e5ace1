// One line per query for the "LSP Tool" log (pure): what was asked, what came back, how long it took.
import type { LspQueryResult, SymbolsResult } from './result';

/** Any tool's canonical value, or just its count, for the log line. */
export type LoggedResult = LspQueryResult | SymbolsResult | { kind: 'items'; count: number; noun: string; completeness: string };

export interface LoggedQuery {
  operation: string;
  /** The file as the caller wrote it. */
  filePath: string;
  /** One-based, as the caller wrote them (bad input is logged as it came). */
  line: string;
  character: string;
  /** What was asked, when the call has no position (lsp_symbols); replaces the four fields above. */
  text?: string;
  ms: number;
}

function asked(q: LoggedQuery): string {
  return q.text ?? `${q.operation} ${q.filePath}:${q.line}:${q.character}`;
}

function duration(ms: number): string {
  return `${ms.toFixed(1)}ms`;
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `findReferences src/a.ts:3:17 -> 7 locations (complete) in 12.3ms` */
export function formatQueryLine(q: LoggedQuery, result: LoggedResult): string {
  const answer =
    result.kind === 'locations' ? counted(result.locations.length, 'location')
    : result.kind === 'symbols' ? counted(result.symbols.length, 'symbol')
    : result.kind === 'items' ? counted(result.count, result.noun)
    : result.hover === null ? 'no hover' : 'hover';
  return `${asked(q)} -> ${answer} (${result.completeness}) in ${duration(q.ms)}`;
}

/** `findReferences src/a.ts:3:17 failed in 2.0ms: LSP_FILE_NOT_FOUND: ...` */
export function formatQueryError(q: LoggedQuery, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${asked(q)} failed in ${duration(q.ms)}: ${message}`;
}

/** The caller's fields, whatever shape the input had (bad input is logged too). */
export function askedFields(input: unknown): Omit<LoggedQuery, 'ms'> {
  const o = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');
  return {
    operation: text(o.operation),
    filePath: text(o.file_path),
    line: text(o.line),
    character: text(o.character),
  };
}
