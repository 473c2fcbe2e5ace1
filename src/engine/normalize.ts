// Normalises what VS Code's execute*Provider commands return into the canonical plain shapes.
import type { LspHover, LspLocation, LspRange } from './result';

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

export interface NormalizedLocations {
  locations: LspLocation[];
  /** Entries that were neither a Location nor a LocationLink; dropped, and counted for a note. */
  malformed: number;
}

/** LocationLink -> targetSelectionRange ?? targetRange; exact duplicates dropped; order kept. */
export function normalizeLocations(raw: unknown): NormalizedLocations {
  const items: unknown[] = raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const seen = new Set<string>();
  const locations: LspLocation[] = [];
  let malformed = 0;
  for (const item of items) {
    let location: LspLocation | undefined;
    if (isRecord(item)) {
      const targetUri = uriString(item.targetUri);
      const linkRange = toRange(item.targetSelectionRange) ?? toRange(item.targetRange);
      if (targetUri !== undefined && linkRange) location = { uri: targetUri, range: linkRange };
      else {
        const uri = uriString(item.uri);
        const range = toRange(item.range);
        if (uri !== undefined && range) location = { uri, range };
      }
    }
    if (!location) {
      malformed++;
      continue;
    }
    const key = `${location.uri}#${location.range.start.line}:${location.range.start.character}-${location.range.end.line}:${location.range.end.character}`;
    if (seen.has(key)) continue;
    seen.add(key);
    locations.push(location);
  }
  return { locations, malformed };
}

function markedStringText(part: unknown): string | undefined {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return undefined;
  // MarkdownString and MarkupContent carry `value`; a MarkedString object also carries `language`.
  if (typeof part.value !== 'string') return undefined;
  if (typeof part.language === 'string') return '```' + part.language + '\n' + part.value + '\n```';
  return part.value;
}

export interface NormalizedHover {
  hover: LspHover | null;
  /** Hovers or content parts that were neither text nor markdown; dropped, and counted for a note. */
  malformed: number;
}

/** Hover[] -> one markdown text, parts joined with a blank line; an empty join is null. */
export function normalizeHovers(raw: unknown): NormalizedHover {
  const hovers: unknown[] = raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const parts: string[] = [];
  let range: LspRange | undefined;
  let malformed = 0;
  for (const hover of hovers) {
    if (!isRecord(hover)) {
      malformed++;
      continue;
    }
    const contents: unknown[] = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
    for (const part of contents) {
      const text = markedStringText(part);
      if (text === undefined) malformed++;
      else if (text !== '' && !parts.includes(text)) parts.push(text);
    }
    range ??= toRange(hover.range);
  }
  const contents = parts.join('\n\n');
  if (contents === '') return { hover: null, malformed };
  return { hover: range ? { contents, range } : { contents }, malformed };
}
