// Normalises what the hierarchy commands return: items as plain data (each keeps the raw object, its
// handle, which the next provide* call needs), call sites once each in document order.
import { symbolKindName } from '../text/symbolKind';
import type { HierarchyItem } from './hierarchyResult';
import { isRecord, toRange, uriString } from './rawValues';
import type { HierarchyDirection } from './ports';
import type { LspRange } from './result';

export interface HandledItem {
  item: HierarchyItem;
  /** The object exactly as the provider returned it. */
  handle: unknown;
}

export interface RelatedItem extends HandledItem {
  fromRanges?: LspRange[];
}

function list(raw: unknown): unknown[] {
  return raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

export function toHierarchyItem(raw: unknown): HierarchyItem | undefined {
  if (!isRecord(raw) || typeof raw.name !== 'string') return undefined;
  const uri = uriString(raw.uri);
  const range = toRange(raw.range);
  const selectionRange = toRange(raw.selectionRange) ?? range;
  if (uri === undefined || !range || !selectionRange) return undefined;
  const item: HierarchyItem = { name: raw.name, kind: symbolKindName(raw.kind), uri, range, selectionRange };
  if (typeof raw.detail === 'string' && raw.detail !== '') item.detail = raw.detail;
  return item;
}

/** Identity of an item in a tree: where its name is, and the name. */
export function itemKey(item: HierarchyItem): string {
  const at = item.selectionRange.start;
  return `${item.uri}#${at.line}:${at.character}#${item.name}`;
}

function byPosition(a: LspRange, b: LspRange): number {
  return a.start.line - b.start.line || a.start.character - b.start.character || a.end.line - b.end.line || a.end.character - b.end.character;
}

/** Call sites once each (tsserver can send one range twice), in document order; one site per start position. */
export function uniqueSites(ranges: readonly LspRange[]): LspRange[] {
  const byStart = new Map<string, LspRange>();
  for (const range of [...ranges].sort(byPosition)) {
    const start = `${range.start.line}:${range.start.character}`;
    if (!byStart.has(start)) byStart.set(start, range);
  }
  return [...byStart.values()];
}

export interface NormalizedItems {
  items: HandledItem[];
  malformed: number;
}

/** prepare*: the items at a position, duplicates dropped, order kept. */
export function normalizePrepared(raw: unknown): NormalizedItems {
  const items: HandledItem[] = [];
  const seen = new Set<string>();
  let malformed = 0;
  for (const entry of list(raw)) {
    const item = toHierarchyItem(entry);
    if (!item) {
      malformed++;
      continue;
    }
    const key = itemKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ item, handle: entry });
  }
  return { items, malformed };
}

export interface NormalizedRelated {
  related: RelatedItem[];
  malformed: number;
}

/**
 * provide*: incoming calls carry `from`, outgoing calls `to`, both with `fromRanges`; type
 * hierarchy answers are items. One item answered twice becomes one entry with the sites of both.
 */
export function normalizeRelated(direction: HierarchyDirection, raw: unknown): NormalizedRelated {
  const related: RelatedItem[] = [];
  const byKey = new Map<string, RelatedItem>();
  let malformed = 0;
  const calls = direction === 'incomingCalls' || direction === 'outgoingCalls';
  for (const entry of list(raw)) {
    const handle = calls ? (isRecord(entry) ? (direction === 'incomingCalls' ? entry.from : entry.to) : undefined) : entry;
    const item = toHierarchyItem(handle);
    if (!item) {
      malformed++;
      continue;
    }
    let sites: LspRange[] | undefined;
    if (calls) {
      const rawRanges = isRecord(entry) && Array.isArray(entry.fromRanges) ? (entry.fromRanges as unknown[]) : [];
      sites = [];
      for (const r of rawRanges) {
        const range = toRange(r);
        if (range) sites.push(range);
        else malformed++;
      }
    }
    const key = itemKey(item);
    const known = byKey.get(key);
    if (known) {
      if (sites && known.fromRanges) known.fromRanges = uniqueSites([...known.fromRanges, ...sites]);
      continue;
    }
    const node: RelatedItem = { item, handle };
    if (sites) node.fromRanges = uniqueSites(sites);
    byKey.set(key, node);
    related.push(node);
  }
  return { related, malformed };
}
