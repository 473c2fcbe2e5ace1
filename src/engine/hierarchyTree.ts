// A hierarchy tree's marking and its growth below the walked depth (pure): the walk and the card's
// lazy expansion mark repeats and cycles the same way, and growing a tree returns a new one.
import type { HierarchyItem, HierarchyNode, HierarchyRoot } from './hierarchyResult';
import { itemKey, type RelatedItem } from './normalizeHierarchy';
import type { HierarchyDirection } from './ports';

/** A tree, with what the provider returned for each item by its path ("0", "0/2", …). */
export interface HierarchyTree {
  readonly roots: readonly HierarchyRoot[];
  readonly handles: ReadonlyMap<string, unknown>;
}

/**
 * A related item as a node: a cycle when it is its own ancestor, repeated when the tree shows it
 * already; neither is expanded again. A new item joins `shown` (the caller expands it further).
 */
export function relatedNode(related: RelatedItem, ancestors: ReadonlySet<string>, shown: Set<string>): HierarchyNode {
  const node: HierarchyNode = { item: related.item, children: [] };
  if (related.fromRanges !== undefined) node.fromRanges = related.fromRanges;
  const key = itemKey(related.item);
  if (ancestors.has(key)) node.cycle = true;
  else if (shown.has(key)) node.repeated = true;
  else shown.add(key);
  return node;
}

/** Whether the walk or an expansion goes below this node. */
export function isExpandable(node: HierarchyNode): boolean {
  return node.cycle !== true && node.repeated !== true;
}

function collectKeys(nodes: readonly { item: HierarchyNode['item']; children: readonly HierarchyNode[] }[], out: Set<string>): Set<string> {
  for (const node of nodes) {
    out.add(itemKey(node.item));
    collectKeys(node.children, out);
  }
  return out;
}

function parsePath(path: string): number[] | undefined {
  const indexes = path.split('/').map(Number);
  return indexes.every((i) => Number.isInteger(i) && i >= 0) ? indexes : undefined;
}

/** The node at `path`, and the keys of it and its ancestors; undefined when the tree has no such node. */
export function nodeAt(tree: HierarchyTree, path: string): { node: HierarchyRoot | HierarchyNode; ancestors: Set<string> } | undefined {
  const [first, ...rest] = parsePath(path) ?? [];
  let node: HierarchyRoot | HierarchyNode | undefined = first === undefined ? undefined : tree.roots[first];
  const ancestors = new Set<string>();
  if (node) ancestors.add(itemKey(node.item));
  for (const index of rest) {
    node = node?.children[index];
    if (node) ancestors.add(itemKey(node.item));
  }
  return node ? { node, ancestors } : undefined;
}

/**
 * The tree with `related` as the children of the node at `path`, marked as the walk marks them, and
 * their handles at `path/j`. The input tree is not changed: nodes along the path are copied, the rest
 * is shared. Undefined when the tree has no node at `path`.
 */
export function withChildren(
  tree: HierarchyTree,
  path: string,
  related: readonly RelatedItem[],
): { tree: HierarchyTree; children: HierarchyNode[] } | undefined {
  const at = nodeAt(tree, path);
  if (!at) return undefined;
  const shown = collectKeys(tree.roots, new Set());
  const children = related.map((rel) => relatedNode(rel, at.ancestors, shown));
  const indexes = parsePath(path)!;
  const replace = <N extends HierarchyRoot | HierarchyNode>(node: N, rest: readonly number[]): N => {
    const [index, ...deeper] = rest;
    if (index === undefined) return { ...node, children };
    return { ...node, children: node.children.map((child, i) => (i === index ? replace(child, deeper) : child)) };
  };
  const [rootIndex, ...below] = indexes;
  const roots = tree.roots.map((root, i) => (i === rootIndex ? replace(root, below) : root));
  const handles = new Map([...tree.handles].filter(([key]) => !key.startsWith(`${path}/`)));
  related.forEach((rel, j) => handles.set(`${path}/${j}`, rel.handle));
  return { tree: { roots, handles }, children };
}

/** What a tree's owner keeps: the direction to expand in, the tree as walked, and its handles. */
export interface WalkedTree {
  direction: HierarchyDirection;
  result: { roots: HierarchyRoot[] };
  handles: Map<string, unknown>;
}

/**
 * The trees the card grew below the walked depth, kept beside the recorded outcomes (which stay as the
 * tool returned them) and dropped with them.
 */
export class HierarchyExpansions {
  private readonly grown = new WeakMap<WalkedTree, HierarchyTree>();

  constructor(private readonly related: (direction: HierarchyDirection, handle: unknown, item: HierarchyItem) => Promise<RelatedItem[]>) {}

  /** The outcome's tree with every expansion so far. */
  tree(outcome: WalkedTree): HierarchyTree {
    return this.grown.get(outcome) ?? { roots: outcome.result.roots, handles: outcome.handles };
  }

  /** One provider call for the children of the node at `path`; undefined when the tree has no such node. */
  async expand(outcome: WalkedTree, path: string): Promise<{ parent: HierarchyRoot | HierarchyNode; children: HierarchyNode[] } | undefined> {
    const handle = this.tree(outcome).handles.get(path);
    const at = nodeAt(this.tree(outcome), path);
    if (handle === undefined || !at) return undefined;
    const related = await this.related(outcome.direction, handle, at.node.item);
    // Grown from the tree as it is now: another expansion may have finished while this one waited.
    const grown = withChildren(this.tree(outcome), path, related);
    if (!grown) return undefined;
    this.grown.set(outcome, grown.tree);
    return { parent: nodeAt(grown.tree, path)!.node, children: grown.children };
  }
}
