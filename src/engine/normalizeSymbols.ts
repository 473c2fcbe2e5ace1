// Normalises what the symbol commands return: SymbolInformation (workspace search, and some
// document symbol providers) and DocumentSymbol trees, into LspSymbol.
import { symbolKindName } from '../text/symbolKind';
import { isRecord, toRange, uriString } from './rawValues';
import type { LspRange, LspSymbol } from './result';

/** A workspace symbol before its name's position is known: the range covers the whole declaration. */
export interface FoundSymbol {
  name: string;
  kind: string;
  containerName?: string;
  uri: string;
  range: LspRange;
}

/**
 * tsserver writes functions and methods as `name()` in workspace symbols, other servers with their
 * signature (`area(x: number)`); the tools print the plain name. A name that is all parentheses
 * (`(anonymous)`) stays as it is.
 */
export function plainName(name: string): string {
  // Most names have no parenthesis, and then the pattern cannot match.
  const plain = name.includes('(') ? name.replace(/\s*\(.*\)\s*$/, '') : name;
  return plain.trim() || name;
}

function container(value: unknown): { containerName?: string } {
  return typeof value === 'string' && value !== '' ? { containerName: value } : {};
}

/** SymbolInformation[] -> FoundSymbol[]; exact duplicates dropped, provider order kept. */
export function normalizeWorkspaceSymbols(raw: unknown): { symbols: FoundSymbol[]; malformed: number } {
  const items: unknown[] = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
  const symbols: FoundSymbol[] = [];
  const seen = new Set<string>();
  let malformed = 0;
  for (const item of items) {
    const location = isRecord(item) && isRecord(item.location) ? item.location : undefined;
    const uri = uriString(location?.uri);
    const range = toRange(location?.range);
    if (!isRecord(item) || typeof item.name !== 'string' || uri === undefined || range === undefined) {
      malformed++;
      continue;
    }
    const symbol: FoundSymbol = { name: plainName(item.name), kind: symbolKindName(item.kind), ...container(item.containerName), uri, range };
    const key = JSON.stringify(symbol);
    if (seen.has(key)) continue;
    seen.add(key);
    symbols.push(symbol);
  }
  return { symbols, malformed };
}

/**
 * DocumentSymbol[] (nested, with selectionRange) or SymbolInformation[] (flat, nested here by
 * range containment) -> an outline of `uri`.
 */
export function normalizeDocumentSymbols(raw: unknown, uri: string): { symbols: LspSymbol[]; malformed: number } {
  const items: unknown[] = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
  let malformed = 0;
  const convert = (item: unknown): LspSymbol | undefined => {
    if (!isRecord(item) || typeof item.name !== 'string') return undefined;
    // DocumentSymbol carries its own ranges; a SymbolInformation its location.
    const location = isRecord(item.location) ? item.location : undefined;
    const range = toRange(item.range) ?? toRange(location?.range);
    if (range === undefined) return undefined;
    const selectionRange = toRange(item.selectionRange) ?? range;
    const symbol: LspSymbol = {
      name: plainName(item.name),
      kind: symbolKindName(item.kind),
      ...container(item.containerName),
      // Every symbol of a document's outline is in that document: no need to format each one's URI.
      uri,
      range,
      selectionRange,
    };
    const children: LspSymbol[] = [];
    for (const child of Array.isArray(item.children) ? item.children : []) {
      const converted = convert(child);
      if (converted) children.push(converted);
      else malformed++;
    }
    symbol.children = children;
    return symbol;
  };
  const flat: LspSymbol[] = [];
  for (const item of items) {
    const symbol = convert(item);
    if (symbol) flat.push(symbol);
    else malformed++;
  }
  const hasTree = flat.some((s) => (s.children?.length ?? 0) > 0);
  return { symbols: hasTree ? sortTree(flat) : nestByRange(flat), malformed };
}

function startsBefore(a: LspRange, b: LspRange): number {
  return a.start.line - b.start.line || a.start.character - b.start.character;
}

function encloses(outer: LspRange, inner: LspRange): boolean {
  const afterStart = outer.start.line < inner.start.line || (outer.start.line === inner.start.line && outer.start.character <= inner.start.character);
  const beforeEnd = outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.character >= inner.end.character);
  return afterStart && beforeEnd;
}

/** Source order at every level (providers may not keep it). */
function sortTree(symbols: LspSymbol[]): LspSymbol[] {
  symbols.sort((a, b) => startsBefore(a.range, b.range));
  for (const symbol of symbols) if (symbol.children) sortTree(symbol.children);
  return symbols;
}

/** Flat symbols nested by their ranges: each under the innermost symbol that contains it. */
function nestByRange(flat: LspSymbol[]): LspSymbol[] {
  const sorted = [...flat].sort((a, b) => startsBefore(a.range, b.range) || (encloses(a.range, b.range) ? -1 : 1));
  const roots: LspSymbol[] = [];
  const stack: LspSymbol[] = [];
  for (const symbol of sorted) {
    while (stack.length > 0 && !encloses(stack.at(-1)!.range, symbol.range)) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.children!.push(symbol);
    else roots.push(symbol);
    stack.push(symbol);
  }
  return roots;
}

/** A declaration of a document's symbols, with its name as the provider wrote it. */
export interface FlatSymbol {
  name: string;
  kind: string;
  detail?: string;
  range: LspRange;
  selectionRange: LspRange;
}

/**
 * DocumentSymbol trees or SymbolInformation lists, flattened in provider order (a tree's parents
 * before their children). Unlike normalizeDocumentSymbols, names stay as written (a selection range
 * is compared with a name's length) and nothing is nested or sorted: the innermost declaration
 * at a position is the last one listed there.
 */
export function flattenDocumentSymbols(raw: unknown): FlatSymbol[] {
  const out: FlatSymbol[] = [];
  const visit = (entries: unknown): void => {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!isRecord(entry) || typeof entry.name !== 'string') continue;
      const range = toRange(entry.range) ?? (isRecord(entry.location) ? toRange(entry.location.range) : undefined);
      if (!range) continue;
      const symbol: FlatSymbol = { name: entry.name, kind: symbolKindName(entry.kind), range, selectionRange: toRange(entry.selectionRange) ?? range };
      if (typeof entry.detail === 'string' && entry.detail !== '') symbol.detail = entry.detail;
      out.push(symbol);
      visit(entry.children);
    }
  };
  visit(raw);
  return out;
}
