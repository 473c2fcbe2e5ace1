// lsp_hierarchy's walk: every prepared item expanded to `depth`, breadth first (each level's
// provider calls in parallel, bounded, inside the one budget); repeats and cycles are marked, never
// expanded. Items of the subtypes fallback expand through the implementation provider.
import type { Budget } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import type { HierarchyItem, HierarchyNode, HierarchyRoot } from '../../engine/hierarchyResult';
import { isExpandable, relatedNode } from '../../engine/hierarchyTree';
import { mapLimited } from '../../engine/mapLimited';
import { normalizeLocations } from '../../engine/normalize';
import { itemKey, normalizeRelated, type HandledItem, type NormalizedRelated, type RelatedItem } from '../../engine/normalizeHierarchy';
import type { HierarchyDirection, LanguageFeatures } from '../../engine/ports';
import { DIRECTION_METHOD, isUnsupportedRequest, OPERATION_METHOD } from '../../engine/unsupported';
import type { Declarations } from './declarations';

/**
 * Provider calls in flight at once inside one walk: enough to overlap round trips, few enough not to
 * flood a server. A bound on calls, not on walks: how many walks run at once is
 * HIERARCHY_WALKS_AT_ONCE (engine/hierarchySessions.ts), set by what VS Code keeps of their
 * prepares. The two are both 8 today by coincidence; neither follows from the other.
 */
export const PROVIDER_CALLS_PER_WALK = 8;
/** Related items a walk collects at most; past it, deeper levels are not expanded (and a Note says so). */
export const WALK_NODE_LIMIT = 5000;

/** An item of the implementation-provider fallback: it expands through that provider again. */
export class FallbackHandle {
  constructor(readonly item: HierarchyItem) {}
}

export interface Walked {
  roots: HierarchyRoot[];
  handles: Map<string, unknown>;
  malformed: number;
  failedCalls: number;
  stoppedAt?: number;
  /** The LSP method a provide* call was refused with (the server does not support it); those items are listed without what they relate to. */
  unsupported?: string;
  /** Nothing was prepared because the server does not support preparing: asking again cannot change that. */
  final?: true;
}

interface Frontier {
  node: { item: HierarchyItem; children: HierarchyNode[] };
  handle: unknown;
  path: string;
  ancestors: ReadonlySet<string>;
}

/** The items related to one item: the provider's answer, or for fallback items the implementation provider's, as declarations. */
export async function relatedTo(
  features: LanguageFeatures,
  direction: HierarchyDirection,
  handle: unknown,
  budget: Budget,
  declarations: Declarations,
): Promise<NormalizedRelated> {
  if (handle instanceof FallbackHandle) {
    const parent = handle.item;
    const raw = await budget.race(features.atPosition('goToImplementation', parent.uri, parent.selectionRange.start));
    const { locations } = normalizeLocations(raw);
    const related: RelatedItem[] = [];
    const seen = new Set([itemKey(parent)]);
    // Implementations of an interface include values typed as it (an object or array literal, where no declaration's name is:
    // not a subtype), and of a class the class itself. Every declaration is a subtype, of any kind: a Go function type implements an interface.
    const items = await Promise.all(locations.map((l) => declarations.declarationAt(l.uri, l.range.start, true)));
    for (const item of items) {
      if (!item || seen.has(itemKey(item))) continue;
      seen.add(itemKey(item));
      related.push({ item, handle: new FallbackHandle(item) });
    }
    return { related, malformed: 0 };
  }
  const raw = await budget.race(features.hierarchyRelated(direction, handle));
  return normalizeRelated(direction, raw);
}

/** Breadth first: each level's calls in parallel; an item seen before is marked (a cycle when it is its own ancestor) and not expanded. */
export async function walk(
  features: LanguageFeatures,
  direction: HierarchyDirection,
  prepared: readonly HandledItem[],
  depth: number,
  budget: Budget,
  declarations: Declarations,
  malformedPrepared: number,
): Promise<Walked> {
  const handles = new Map<string, unknown>();
  const roots: HierarchyRoot[] = [];
  const seen = new Set<string>();
  let frontier: Frontier[] = [];
  prepared.forEach(({ item, handle }, index) => {
    const root: HierarchyRoot = { item, children: [] };
    roots.push(root);
    const path = String(index);
    handles.set(path, handle);
    seen.add(itemKey(item));
    frontier.push({ node: root, handle, path, ancestors: new Set([itemKey(item)]) });
  });
  let malformed = malformedPrepared;
  let failedCalls = 0;
  let related = 0;
  let stoppedAt: number | undefined;
  let unsupported: string | undefined;
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    if (related >= WALK_NODE_LIMIT) {
      stoppedAt = related;
      break;
    }
    const answers = await mapLimited(frontier, PROVIDER_CALLS_PER_WALK, (f) =>
      relatedTo(features, direction, f.handle, budget, declarations).catch((err: unknown): NormalizedRelated | undefined => {
        if (err instanceof LspToolError) throw err;
        // Not a failure: the server does not support the request (the Note says so), for this item and every other.
        if (isUnsupportedRequest(err)) {
          unsupported = f.handle instanceof FallbackHandle ? OPERATION_METHOD.goToImplementation : DIRECTION_METHOD[direction];
          return { related: [], malformed: 0 };
        }
        return undefined;
      }),
    );
    const next: Frontier[] = [];
    frontier.forEach((parent, i) => {
      const answer = answers[i];
      if (!answer) {
        failedCalls++;
        return;
      }
      malformed += answer.malformed;
      answer.related.forEach((rel, j) => {
        const node = relatedNode(rel, parent.ancestors, seen);
        const path = `${parent.path}/${j}`;
        handles.set(path, rel.handle);
        if (isExpandable(node)) next.push({ node, handle: rel.handle, path, ancestors: new Set([...parent.ancestors, itemKey(rel.item)]) });
        parent.node.children.push(node);
        related++;
      });
    });
    frontier = next;
  }
  const walked: Walked = { roots, handles, malformed, failedCalls };
  if (stoppedAt !== undefined) walked.stoppedAt = stoppedAt;
  if (unsupported !== undefined) walked.unsupported = unsupported;
  return walked;
}

/** Every item's URI in the tree, parents first. */
export function collectUris(nodes: readonly { item: HierarchyItem; children: readonly HierarchyNode[] }[], out: string[]): void {
  for (const node of nodes) {
    out.push(node.item.uri);
    collectUris(node.children, out);
  }
}
