// Shows a hierarchy outcome to the person (follow-along and the card's tree) and fetches the children
// of a node the card expands past the walked depth.
import * as vscode from 'vscode';
import type { HierarchyEngine, HierarchyOutcome } from '../engine/hierarchy';
import { hierarchyTitle } from '../engine/hierarchyInput';
import { HierarchyExpansions } from '../engine/hierarchyTree';
import type { Workspace } from '../engine/ports';
import type { RecentHierarchies } from '../engine/recentHierarchies';
import type { QuerySource } from '../engine/recentOutcomes';
import type { FollowAlong } from '../editor/followAlong';
import { displayPath } from '../text/displayPath';
import type { CardViewProvider } from './cardViewProvider';
import { toCardNode, toHierarchyCardEntry } from './hierarchyEntry';
import type { CardTreeNode } from './webview/protocol';

export interface ShowHierarchyDeps {
  card: CardViewProvider;
  followAlong: FollowAlong;
  workspace: Workspace;
}

export type ShowHierarchy = (id: number, outcome: HierarchyOutcome, source: QuerySource) => Promise<void>;

export function showHierarchy(deps: ShowHierarchyDeps): ShowHierarchy {
  return (id, outcome, source) => {
    const answeredAt = Date.now();
    deps.followAlong.reveal(vscode.Uri.parse(outcome.uri, true), new vscode.Position(outcome.position.line, outcome.position.character));
    deps.card.show(
      toHierarchyCardEntry({
        id,
        title: hierarchyTitle(outcome.input),
        source,
        result: outcome.result,
        depth: outcome.input.depth,
        notes: outcome.notes,
        resolvedWorkspaceUri: outcome.resolvedWorkspaceUri,
        roots: deps.workspace.roots(),
      }),
      answeredAt,
    );
    return Promise.resolve();
  };
}

/**
 * The children of node `key` of the recorded outcome `id`, one provider call away, marked as the walk
 * marks them. The engine keeps the grown tree beside the outcome, so later expansions see them.
 */
export function hierarchyExpander(deps: { engine: HierarchyEngine; outcomes: RecentHierarchies; workspace: Workspace }) {
  const expansions = new HierarchyExpansions((direction, handle) => deps.engine.children(direction, handle));
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
