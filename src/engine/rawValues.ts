// Reading the unknown values VS Code's provider commands return (pure): records, ranges and URIs,
// each checked before it is trusted. Every normaliser builds on these.
import type { LspRange } from '../text/coordinates';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCoordinate(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** Each field read once, nothing allocated for the checks: answers carry thousands of ranges. */
export function toRange(value: unknown): LspRange | undefined {
  if (!isRecord(value)) return undefined;
  const { start, end } = value;
  if (!isRecord(start) || !isRecord(end)) return undefined;
  const sl = start.line;
  const sc = start.character;
  const el = end.line;
  const ec = end.character;
  if (!isCoordinate(sl) || !isCoordinate(sc) || !isCoordinate(el) || !isCoordinate(ec)) return undefined;
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

export function uriString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // A vscode.Uri: its own toString gives the URI string.
  const toUri: unknown = isRecord(value) ? Reflect.get(value, 'toString') : undefined;
  if (isRecord(value) && typeof toUri === 'function' && typeof value.scheme === 'string') {
    const text: unknown = toUri.call(value);
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}
