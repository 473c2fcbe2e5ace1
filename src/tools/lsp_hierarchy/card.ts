// Builds the card's view of a hierarchy outcome (pure): a tree of rows with one-based positions, the
// codicon of each kind, call sites with their file, and which nodes the card may still expand.
import type { HierarchyItem, HierarchyNode, HierarchyResult } from '../../engine/hierarchyResult';
import { displayPath, type WorkspaceRoot } from '../../text/displayPath';
import { countRelated } from '../../text/renderHierarchy';
import { symbolKindIcon } from '../../text/symbolKind';
import type { CardBody, CardTreeNode } from '../../card/webview/protocol';

export interface HierarchyEntryInput {
  result: HierarchyResult;
  /** Levels the walk expanded: nodes at that depth may have children the card fetches on demand. */
  depth: number;
  resolvedWorkspaceUri: string;
  roots: readonly WorkspaceRoot[];
}

export interface TreeNodeContext {
  direction: HierarchyResult['direction'];
  pathOf: (uri: string) => string;
}

/** One node as the card shows it; `walked`: its children were asked for (else the card asks on expand). */
export function toCardNode(
  node: { item: HierarchyItem; children: readonly HierarchyNode[]; fromRanges?: HierarchyNode['fromRanges']; repeated?: true; cycle?: true },
  key: string,
  parentUri: string,
  walked: (node: HierarchyNode | { children: readonly HierarchyNode[] }, level: number) => boolean,
  level: number,
  context: TreeNodeContext,
): CardTreeNode {
  const { item } = node;
  const start = item.selectionRange.start;
  const out: CardTreeNode = {
    key,
    name: item.name,
    icon: symbolKindIcon(item.kind),
    kind: item.kind,
    path: context.pathOf(item.uri),
    uri: item.uri,
    line: start.line + 1,
    character: start.character + 1,
  };
  if (item.detail !== undefined) out.detail = item.detail;
  if (node.fromRanges !== undefined && node.fromRanges.length > 0) {
    // Incoming: the sites are in the caller's (this node's) file; outgoing: in the parent's.
    const siteUri = context.direction === 'outgoingCalls' ? parentUri : item.uri;
    const sitePath = context.pathOf(siteUri);
    out.sites = node.fromRanges.map((r) => ({ uri: siteUri, path: sitePath, line: r.start.line + 1, character: r.start.character + 1 }));
  }
  if (node.repeated) out.repeated = true;
  if (node.cycle) out.cycle = true;
  if (node.repeated || node.cycle) out.children = [];
  else if (walked(node, level)) out.children = node.children.map((child, i) => toCardNode(child, `${key}/${i}`, item.uri, walked, level + 1, context));
  return out;
}

export function hierarchyCardBody(input: HierarchyEntryInput): CardBody {
  const { result } = input;
  const context: TreeNodeContext = { direction: result.direction, pathOf: (uri) => displayPath(uri, input.resolvedWorkspaceUri, input.roots) };
  // A node above the walked depth was expanded (its children are final); one at the depth was not.
  const walked = (_node: unknown, level: number): boolean => level < input.depth;
  const roots = result.roots.map((root, i) => toCardNode(root, String(i), root.item.uri, walked, 0, context));
  return {
    operation: result.direction,
    result: { kind: 'hierarchy', direction: result.direction, total: result.roots.reduce((n, r) => n + countRelated(r.children), 0), roots },
  };
}
