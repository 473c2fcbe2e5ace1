// Finding a node of a hierarchy entry by its key ("0/2/1"), on both sides of the protocol.
import type { CardEntry, CardTreeNode } from './protocol';

export function findTreeNode(entry: CardEntry, key: string): CardTreeNode | undefined {
  if (entry.result.kind !== 'hierarchy') return undefined;
  const [first, ...rest] = key.split('/').map(Number);
  let node = entry.result.roots[first ?? -1];
  for (const index of rest) node = node?.children?.[index];
  return node;
}

/** Keeps the children fetched for a node in the entry; false when the node is gone or already has them. */
export function setTreeChildren(entry: CardEntry, key: string, children: CardTreeNode[]): boolean {
  const node = findTreeNode(entry, key);
  if (!node || node.children !== undefined) return false;
  node.children = children;
  if (entry.result.kind === 'hierarchy') entry.result.total += children.length;
  return true;
}
