// Answers compared as sets, not sequences: gopls returns the same call-hierarchy items (and
// references) in a different order from call to call, and readiness must still see them hold still.
// The answer itself keeps the provider's order; only the comparison ignores it.
import type { HierarchyNode, HierarchyRoot } from './hierarchyResult';
import { itemKey } from './normalizeHierarchy';

/** A key of plain data in which every array counts as a multiset: two values that differ only in order get the same key. */
export function orderInsensitiveKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(orderInsensitiveKey).sort().join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${orderInsensitiveKey(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Whether two answers of plain data hold the same entries, in any order. */
export function sameAsSets(a: unknown, b: unknown): boolean {
  return orderInsensitiveKey(a) === orderInsensitiveKey(b);
}

/**
 * A walked tree as the set of its edges (parent -> child with the call sites). Which copy of an item
 * that appears under two parents is expanded, and which is marked repeated, depends on the order
 * the provider answered in; the edges do not (a breadth-first walk reaches every item at the same
 * level whatever the order).
 */
export function hierarchyEdgesKey(roots: readonly HierarchyRoot[]): string {
  const edges = new Set<string>();
  const visit = (parent: string, nodes: readonly HierarchyNode[]): void => {
    for (const node of nodes) {
      const key = itemKey(node.item);
      edges.add(`${parent}>${orderInsensitiveKey(node.item)}|${orderInsensitiveKey(node.fromRanges ?? [])}`);
      visit(key, node.children);
    }
  };
  for (const root of roots) {
    edges.add(`>${orderInsensitiveKey(root.item)}`);
    visit(itemKey(root.item), root.children);
  }
  return [...edges].sort().join('\n');
}

/** Whether two walked trees hold the same items and relations, in any order. */
export function sameHierarchy(a: readonly HierarchyRoot[], b: readonly HierarchyRoot[]): boolean {
  return hierarchyEdgesKey(a) === hierarchyEdgesKey(b);
}
