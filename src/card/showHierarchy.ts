// Shows a hierarchy outcome to the person (follow-along and the card's tree) and fetches the children
// of a node the card expands past the walked depth.
import * as vscode from 'vscode';
import type { HierarchyEngine, HierarchyOutcome } from '../engine/hierarchy';
import { hierarchyTitle } from '../engine/hierarchyInput';
import type { HierarchyNode, HierarchyRoot } from '../engine/hierarchyResult';
import { itemKey } from '../engine/normalizeHierarchy';
import type { Workspace } from '../engine/ports';
import type { RecentHierarchies } from '../engine/recentHierarchies';
import type { QuerySource } from '../engine/recentOutcomes';
import type { FollowAlong } from '../editor/followAlong';
import { displayPath } from '../text/displayPath';
import type { CardViewProvider } from './cardViewProvider';
import { callerTitle } from './showOutcome';
import { toCardNode, toHierarchyCardEntry } from './hierarchyEntry';
import type { CardTreeNode } from './webview/protocol';

export interface ShowHierarchyDeps {
  card: CardViewProvider;
  followAlong: FollowAlong;
  workspace: Workspace;
}

export type ShowHierarchy = (id: number, outcome: HierarchyOutcome, source: QuerySource, caller?: string) => Promise<void>;

export function showHierarchy(deps: ShowHierarchyDeps): ShowHierarchy {
  return async (id, outcome, source, caller) => {
    const answeredAt = Date.now();
    deps.followAlong.reveal(vscode.Uri.parse(outcome.uri, true), new vscode.Position(outcome.position.line, outcome.position.character));
    deps.card.show(
      toHierarchyCardEntry({
        id,
        title: callerTitle(hierarchyTitle(outcome.input), caller),
        source,
        result: outcome.result,
        depth: outcome.input.depth,
        notes: outcome.notes,
        resolvedWorkspaceUri: outcome.resolvedWorkspaceUri,
        roots: deps.workspace.roots(),
      }),
      answeredAt,
    );
  };
}

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
