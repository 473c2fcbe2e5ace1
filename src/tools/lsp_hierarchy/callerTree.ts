// The hierarchy's tree against the files as the caller sees them (engine/callerFiles.ts): nodes in
// files no longer on disk (or past their end) left out, and the rest in the caller's positions.
import { shifted, type CallerFiles, type Placed } from '../../engine/callerFiles';
import type { HierarchyItem, HierarchyNode, HierarchyRoot } from '../../engine/hierarchyResult';
import type { HierarchyDirection } from '../../text/coordinates';
import type { LspRange } from '../../engine/result';

type Tree = { item: HierarchyItem; children: HierarchyNode[]; fromRanges?: LspRange[] };

const placeOf = (node: { item: HierarchyItem }): Placed => ({ uri: node.item.uri, range: node.item.selectionRange });

/** Where each item of the tree is declared. */
export function treePlaces(roots: readonly { item: HierarchyItem; children: readonly HierarchyNode[] }[], out: Placed[] = []): Placed[] {
  for (const node of roots) {
    out.push(placeOf(node));
    treePlaces(node.children, out);
  }
  return out;
}

/** The tree without the nodes that are stale on disk (and what hangs below them). */
export function freshTree(files: CallerFiles, roots: readonly HierarchyRoot[]): HierarchyRoot[] {
  const prune = <T extends Tree>(nodes: readonly T[]): T[] => files.fresh(nodes, placeOf).map((node) => ({ ...node, children: prune(node.children) }));
  return prune(roots);
}

/** The tree in the caller's positions: a node on a line the caller does not have goes, and so does a call site. */
export function treeForCaller(files: CallerFiles, roots: readonly HierarchyRoot[], direction: HierarchyDirection): HierarchyRoot[] {
  const moveItem = (item: HierarchyItem, selectionRange: LspRange): HierarchyItem => {
    const delta = selectionRange.start.line - item.selectionRange.start.line;
    return { ...item, range: shifted(item.range, delta), selectionRange };
  };
  const place = <T extends Tree>(nodes: readonly T[], parentUri: string): T[] =>
    files
      .forCaller(nodes, placeOf, (node, range) => ({ ...node, item: moveItem(node.item, range) }))
      .map((node) => {
        const moved: T = { ...node, children: place(node.children, node.item.uri) };
        const sites = node.fromRanges;
        if (sites !== undefined) {
          // Incoming: the sites are in the caller's (this node's) file; outgoing: in the parent's.
          const siteUri = direction === 'outgoingCalls' ? parentUri : node.item.uri;
          moved.fromRanges = sites.flatMap((r) => files.rangeFor(siteUri, r) ?? []);
        }
        return moved;
      });
  return roots.map((root) => place([root], root.item.uri)[0] ?? root);
}
