// A fake call graph for the hierarchy tree's pure functions: items by name, and what a provider
// answers for one item (its callees), with the item's name as its handle.
import type { HierarchyItem, HierarchyRoot } from '../../../src/engine/hierarchyResult';
import type { RelatedItem } from '../../../src/engine/normalizeHierarchy';
import { ROOT } from './engineFakes';

export class FakeCallGraph {
  /** Provider calls made, by the name of the item asked about. */
  readonly asked: string[] = [];

  constructor(private readonly calls: Record<string, string[]>) {}

  item(name: string): HierarchyItem {
    const line = Object.keys(this.calls).indexOf(name);
    const range = { start: { line, character: 9 }, end: { line, character: 9 + name.length } };
    return { name, kind: 'function', uri: `${ROOT}/src/calls.ts`, range, selectionRange: range };
  }

  /** What the provider answers for `handle` (an item's name). */
  related(handle: unknown): Promise<RelatedItem[]> {
    const name = String(handle);
    this.asked.push(name);
    return Promise.resolve((this.calls[name] ?? []).map((to) => ({ item: this.item(to), handle: to })));
  }

  /** A tree of `name` as a walk of depth 0 leaves it: the root alone, its handle at "0". */
  root(name: string): { direction: 'outgoingCalls'; result: { roots: HierarchyRoot[] }; handles: Map<string, unknown> } {
    return { direction: 'outgoingCalls', result: { roots: [{ item: this.item(name), children: [] }] }, handles: new Map([['0', name]]) };
  }
}
