// Fetches the children of a hierarchy node the card expands past the walked depth.
import type { CardTreeNode } from '../../card/webview/protocol';
import type { HierarchyNode, HierarchyRoot } from '../../engine/hierarchyResult';
import { itemKey } from '../../engine/normalizeHierarchy';
import type { Workspace } from '../../engine/ports';
import { displayPath } from '../../text/displayPath';
import { toCardNode } from './card';
import type { HierarchyEngine } from './query';
import type { RecentHierarchies } from './recent';

function collectKeys(nodes: readonly { item: HierarchyNode['item']; children: readonly HierarchyNode[] }[], out: Set<string>): void {
  for (const node of nodes) {
    out.add(itemKey(node.item));
    collectKeys(node.children, out);
  }
}

/**
 * The children of node `key` of the recorded outcome `id`, one provider call away. They are kept in
 * the outcome (so the hand-off and later expansions see them), marked as the walk marks them.
 */
export function hierarchyExpander(deps: { engine: HierarchyEngine; outcomes: RecentHierarchies; workspace: Workspace }) {
  return async (id: number, key: string): Promise<CardTreeNode[] | undefined> => {
    const outcome = deps.outcomes.get(id)?.outcome;
    const handle = outcome?.handles.get(key);
    if (!outcome || handle === undefined) return undefined;
    const [first, ...rest] = key.split('/').map(Number);
    let node: HierarchyRoot | HierarchyNode | undefined = outcome.result.roots[first ?? -1];
    const ancestors = new Set<string>();
    if (node) ancestors.add(itemKey(node.item));
    for (const index of rest) {
      node = node?.children[index];
      if (node) ancestors.add(itemKey(node.item));
    }
    if (!node) return undefined;
    const parent = node;
    const related = await deps.engine.children(outcome.direction, handle);
    const shown = new Set<string>();
    collectKeys(outcome.result.roots, shown);
    const children: HierarchyNode[] = related.map((rel, j) => {
      const child: HierarchyNode = { item: rel.item, children: [] };
      if (rel.fromRanges !== undefined) child.fromRanges = rel.fromRanges;
      const childKey = itemKey(rel.item);
      if (ancestors.has(childKey)) child.cycle = true;
      else if (shown.has(childKey)) child.repeated = true;
      outcome.handles.set(`${key}/${j}`, rel.handle);
      return child;
    });
    parent.children = children;
    const roots = deps.workspace.roots();
    const context = { direction: outcome.direction, pathOf: (uri: string) => displayPath(uri, outcome.resolvedWorkspaceUri, roots) };
    return children.map((child, j) => toCardNode(child, `${key}/${j}`, parent.item.uri, () => false, 0, context));
  };
}
