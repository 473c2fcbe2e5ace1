// The canonical value of lsp_hierarchy: plain data, zero-based UTF-16 positions, uncapped.
import type { HierarchyDirection } from '../text/coordinates';
import type { Completeness, LspRange } from './result';

export { HIERARCHY_DIRECTIONS } from '../text/coordinates';

export interface HierarchyItem {
  name: string;
  /** The lower-case SymbolKind name (`function`, `method`, `class`, …), as lsp_symbols prints it. */
  kind: string;
  detail?: string;
  uri: string;
  range: LspRange;
  selectionRange: LspRange;
}

export interface HierarchyNode {
  item: HierarchyItem;
  /**
   * Calls only: the call sites, once each, in the file where the call is written (the caller's
   * file for incoming calls, the parent's file for outgoing calls).
   */
  fromRanges?: LspRange[];
  children: HierarchyNode[];
  /** The item already appears higher in the tree: not expanded again. */
  repeated?: true;
  /** The item is its own ancestor: not expanded again. */
  cycle?: true;
}

export interface HierarchyRoot {
  item: HierarchyItem;
  children: HierarchyNode[];
}

export interface HierarchyResult {
  kind: 'hierarchy';
  direction: HierarchyDirection;
  roots: HierarchyRoot[];
  completeness: Completeness;
}
