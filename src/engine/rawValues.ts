// Reading the unknown values VS Code's provider commands return (pure): records, ranges and URIs,
// each checked before it is trusted. Every normaliser builds on these.
import type { LspRange } from '../text/coordinates';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function toRange(value: unknown): LspRange | undefined {
  if (!isRecord(value) || !isRecord(value.start) || !isRecord(value.end)) return undefined;
  const coords = [value.start.line, value.start.character, value.end.line, value.end.character];
  if (!coords.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) return undefined;
  const [sl, sc, el, ec] = coords as number[];
  return { start: { line: sl!, character: sc! }, end: { line: el!, character: ec! } };
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
