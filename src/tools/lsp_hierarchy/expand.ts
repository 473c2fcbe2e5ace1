// Fetches the children of a hierarchy node the card expands past the walked depth.
import type { CardTreeNode } from '../../card/webview/protocol';
import { HierarchyExpansions } from '../../engine/hierarchyTree';
import type { Workspace } from '../../engine/ports';
import { displayPath } from '../../text/displayPath';
import { toCardNode } from './card';
import type { HierarchyEngine } from './engine';
import type { RecentHierarchies } from './recent';

/**
 * The children of node `key` of the recorded outcome `id`, one provider call away, marked as the walk
 * marks them. The engine keeps the grown tree beside the outcome, so later expansions see them.
 */
export function hierarchyExpander(deps: { engine: HierarchyEngine; outcomes: RecentHierarchies; workspace: Workspace }) {
  const expansions = new HierarchyExpansions((direction, handle, item) => deps.engine.children(direction, handle, item));
  return async (id: number, key: string): Promise<CardTreeNode[] | undefined> => {
    const outcome = deps.outcomes.get(id)?.outcome;
    if (!outcome) return undefined;
    const grown = await expansions.expand(outcome, key);
    if (!grown) return undefined;
    const roots = deps.workspace.roots();
    const context = { direction: outcome.direction, pathOf: (uri: string) => displayPath(uri, outcome.resolvedWorkspaceUri, roots) };
    return grown.children.map((child, j) => toCardNode(child, `${key}/${j}`, grown.parent.item.uri, () => false, 0, context));
  };
}
