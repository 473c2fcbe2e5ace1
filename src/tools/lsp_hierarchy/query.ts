// lsp_hierarchy's query path: parse -> open -> check the position -> snap to the symbol -> prepare
// the items -> walk every item to `depth` (each level's provider calls in parallel, bounded, inside
// the one budget; repeats and cycles marked, never expanded) -> readiness -> notes -> render.
import { EngineQuery, openAtPosition } from '../../engine/baseQuery';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import type { HierarchyItem, HierarchyNode, HierarchyResult, HierarchyRoot } from '../../engine/hierarchyResult';
import { isRecord, normalizeLocations, toRange } from '../../engine/normalize';
import { itemKey, normalizePrepared, normalizeRelated, type HandledItem, type NormalizedRelated, type RelatedItem } from '../../engine/normalizeHierarchy';
import { completenessNote, malformedNote, offSymbolNote } from '../../engine/notes';
import { hierarchyKindOf } from '../../engine/operations';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DocumentSnapshot, HierarchyDirection } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { confinedToOpenFiles } from '../../engine/readiness';
import type { Completeness, LspPosition, LspRange } from '../../engine/result';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { displayPath } from '../../text/displayPath';
import { formatHierarchyWithin } from '../../text/fitHierarchy';
import { formatHierarchy } from '../../text/renderHierarchy';
import { symbolKindName } from '../../text/symbolKind';
import { hierarchyTitle, parseHierarchyArgs, type ParsedHierarchyArgs } from './input';
import { HIERARCHY_MANIFEST } from './manifest';
import { isExpandable, relatedNode } from '../../engine/hierarchyTree';
import { written } from '../../text/written';

/** Provider calls in flight at once during a walk: enough to overlap round trips, few enough not to flood a server. */
export const WALK_CONCURRENCY = 8;
/** Related items a walk collects at most; past it, deeper levels are not expanded (and a Note says so). */
export const WALK_NODE_LIMIT = 5000;

export interface HierarchyOutcome extends OutcomeHeader {
  tool: typeof HIERARCHY_MANIFEST.name;
  result: HierarchyResult;
  direction: HierarchyDirection;
  /** The one-based arguments as the caller wrote them (for titles). */
  input: { direction: HierarchyDirection; file_path: string; line: number; character: number; depth: number };
  uri: string;
  /** Zero-based position actually queried (after snapping). */
  position: LspPosition;
  /** The folder that owns the queried file (paths are shown against it). */
  resolvedWorkspaceUri: string;
  /**
   * What the provider returned for each item, by its path in the tree ("0" for the first root,
   * "0/2" for its third child): the next provide* call on that item needs it (the card's lazy expansion).
   */
  handles: Map<string, unknown>;
  /** The tree came from the implementation provider (no type hierarchy provider answered). */
  fallback: boolean;
}

/** An item of the implementation-provider fallback: it expands through that provider again. */
export class FallbackHandle {
  constructor(readonly item: HierarchyItem) {}
}

interface Walked {
  roots: HierarchyRoot[];
  handles: Map<string, unknown>;
  malformed: number;
  failedCalls: number;
  stoppedAt?: number;
}

interface FlatSymbol {
  name: string;
  kind: string;
  detail?: string;
  range: LspRange;
  selectionRange: LspRange;
}

const TYPE_KINDS = new Set(['class', 'interface', 'struct', 'enum']);

function contains(range: LspRange, at: LspPosition): boolean {
  const afterStart = at.line > range.start.line || (at.line === range.start.line && at.character >= range.start.character);
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.character <= range.end.character);
  return afterStart && beforeEnd;
}

/** DocumentSymbol trees or SymbolInformation lists, flattened. */
function flattenSymbols(raw: unknown): FlatSymbol[] {
  const out: FlatSymbol[] = [];
  const visit = (entries: unknown): void => {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!isRecord(entry) || typeof entry.name !== 'string') continue;
      const range = toRange(entry.range) ?? (isRecord(entry.location) ? toRange(entry.location.range) : undefined);
      if (!range) continue;
      const symbol: FlatSymbol = { name: entry.name, kind: symbolKindName(entry.kind), range, selectionRange: toRange(entry.selectionRange) ?? range };
      if (typeof entry.detail === 'string' && entry.detail !== '') symbol.detail = entry.detail;
      out.push(symbol);
      visit(entry.children);
    }
  };
  visit(raw);
  return out;
}

/** Runs `fn` over `items` with at most `limit` in flight; the first failure stops new calls and rejects. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        out[index] = await fn(items[index]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

interface Frontier {
  node: { item: HierarchyItem; children: HierarchyNode[] };
  handle: unknown;
  path: string;
  ancestors: ReadonlySet<string>;
}

export function isHierarchyOutcome(outcome: OutcomeHeader | undefined): outcome is HierarchyOutcome {
  return outcome?.tool === HIERARCHY_MANIFEST.name;
}

export class HierarchyEngine extends EngineQuery {
  /** Runs one lsp_hierarchy call; throws LspToolError for bad input, timeout and cancellation. */
  execute(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<HierarchyOutcome> {
    return this.logged(describe(input), () => this.run(parseHierarchyArgs(input), token, fit), answered);
  }

  /** One more level below an item of an earlier outcome (the card's lazy expansion). */
  async children(direction: HierarchyDirection, handle: unknown, token?: CancellationLike): Promise<RelatedItem[]> {
    const budget = createBudget(this.deps.settings().timeoutMs, token);
    try {
      return (await this.expand(direction, handle, budget, new Map())).related;
    } finally {
      budget.dispose();
    }
  }

  private async run(args: ParsedHierarchyArgs, token?: CancellationLike, fit?: AnswerBudget): Promise<HierarchyOutcome> {
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget);
      const folder = this.deps.workspace.folderOf(document.uri);
      const { direction, depth } = args;
      const symbolCache = new Map<string, Promise<FlatSymbol[]>>();

      // Prepared by the hierarchy provider, or else (subtypes only) a class or interface walked through the implementation provider.
      let fallback: HierarchyItem | undefined;
      let noTypeProvider = false;
      const walkOnce = async (): Promise<Walked> => {
        let prepared = await this.prepare(direction, document, queried, budget);
        if (prepared.items.length === 0 && hierarchyKindOf(direction) === 'type') {
          const declared = await this.typeAt(document, queried, budget, symbolCache);
          if (declared) {
            noTypeProvider = true;
            if (direction === 'subtypes') {
              fallback = declared;
              prepared = { items: [{ item: declared, handle: new FallbackHandle(declared) }], malformed: prepared.malformed };
            }
          }
        }
        return this.walk(direction, prepared.items, depth, budget, symbolCache, prepared.malformed);
      };
      const openUris = (): ReadonlySet<string> => this.deps.workspace.openDocumentUris();
      const provisional = (walked: Walked): boolean => {
        const uris: string[] = [];
        collectUris(walked.roots, uris);
        return walked.roots.length === 0 || confinedToOpenFiles(uris, openUris());
      };
      const same = (a: Walked, b: Walked): boolean => JSON.stringify(a.roots) === JSON.stringify(b.roots);

      // Nothing could ever answer (no extension provides for the language): one walk.
      const askOnce = !this.deps.features.hasProviderSource(document.languageId);
      const settled = await this.settled({ folder, languageId: document.languageId, question: direction }, walkOnce, provisional, budget, { same, askOnce });
      const walked = settled.value;
      let completeness: Completeness = settled.completeness;
      if (walked.roots.length === 0 && !this.deps.features.hasProviderSource(document.languageId)) completeness = 'noProvider';
      if (noTypeProvider && direction === 'supertypes') completeness = 'noProvider';

      for (const note of [malformedNote(walked.malformed), completeness === 'noProvider' && noTypeProvider ? undefined : completenessNote(completeness, document.languageId)]) {
        if (note !== undefined) notes.push(note);
      }
      if (noTypeProvider && direction === 'supertypes') {
        notes.push(
          `no type hierarchy provider answered for language id "${document.languageId}", so supertypes cannot be listed. To find them, call lsp goToDefinition on each name in the type's extends or implements clause.`,
        );
      }
      if (fallback !== undefined) {
        notes.push(
          `no type hierarchy provider answered for language id "${document.languageId}"; these subtypes of "${fallback.name}" come from the implementation provider instead: the classes and interfaces that extend or implement it (indirect ones can be listed at the first level too).`,
        );
      }
      if (walked.failedCalls > 0) notes.push(`${walked.failedCalls} provider call${walked.failedCalls === 1 ? '' : 's'} failed; the items concerned are listed without what they relate to.`);
      if (walked.stoppedAt !== undefined) {
        notes.push(`the walk stopped expanding after ${walked.stoppedAt} related items (limit ${WALK_NODE_LIMIT}); ask for a smaller depth or a more specific item.`);
      }
      if (walked.roots.length === 0 && completeness !== 'noProvider') {
        const note = offSymbolNote(document.lineText(queried.line), queried);
        if (note !== undefined) notes.push(note);
      }
      const result: HierarchyResult = { kind: 'hierarchy', direction, roots: walked.roots, completeness };
      const roots = this.deps.workspace.roots();
      const shownOptions = { direction, pathOf: (uri: string) => displayPath(uri, folder, roots), maxLocations: settings.maxLocations, maxResultChars: settings.maxResultChars, notes };
      const text = await renderWithin(fit, settings.maxResultChars, (limit) =>
        limit === undefined ? formatHierarchy(result.roots, shownOptions) : formatHierarchyWithin(result.roots, shownOptions, limit),
      );
      const input = { direction, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1, depth };
      return {
        tool: HIERARCHY_MANIFEST.name,
        title: hierarchyTitle(input),
        text,
        notes,
        completeness,
        anchor: { uri: document.uri, position: queried },
        result,
        direction,
        input,
        uri: document.uri,
        position: queried,
        resolvedWorkspaceUri: folder,
        handles: walked.handles,
        fallback: fallback !== undefined,
      };
    } finally {
      budget.dispose();
    }
  }

  private async prepare(direction: HierarchyDirection, document: DocumentSnapshot, position: LspPosition, budget: Budget): Promise<{ items: HandledItem[]; malformed: number }> {
    const raw = await budget.race(
      this.deps.features.prepareHierarchy(hierarchyKindOf(direction), document.uri, position).catch((err: unknown) => {
        throw new LspToolError(
          'LSP_PROVIDER_FAILED',
          `the ${document.languageId} language provider failed to prepare the ${hierarchyKindOf(direction)} hierarchy: ${err instanceof Error ? err.message : String(err)}. Try another position, or check the language extension's output.`,
        );
      }),
    );
    return normalizePrepared(raw);
  }

  private symbolsOf(uri: string, budget: Budget, cache: Map<string, Promise<FlatSymbol[]>>): Promise<FlatSymbol[]> {
    let symbols = cache.get(uri);
    if (!symbols) {
      symbols = budget.race(this.deps.features.documentSymbols(uri)).then(flattenSymbols, (err: unknown) => {
        if (err instanceof LspToolError) throw err;
        return [];
      });
      cache.set(uri, symbols);
    }
    return symbols;
  }

  /** The innermost class-like declaration whose name covers `at`, as an item. */
  private async declarationAt(uri: string, at: LspPosition, budget: Budget, cache: Map<string, Promise<FlatSymbol[]>>): Promise<HierarchyItem | undefined> {
    const symbols = (await this.symbolsOf(uri, budget, cache)).filter((s) => TYPE_KINDS.has(s.kind) && contains(s.selectionRange, at));
    const symbol = symbols[symbols.length - 1];
    if (!symbol) return undefined;
    const item: HierarchyItem = { name: symbol.name, kind: symbol.kind, uri, range: symbol.range, selectionRange: symbol.selectionRange };
    if (symbol.detail !== undefined) item.detail = symbol.detail;
    return item;
  }

  /** The class or interface at a position (its declaration, or the one a reference there goes to): where a type hierarchy should have been prepared. */
  private async typeAt(document: DocumentSnapshot, at: LspPosition, budget: Budget, cache: Map<string, Promise<FlatSymbol[]>>): Promise<HierarchyItem | undefined> {
    const here = await this.declarationAt(document.uri, at, budget, cache);
    if (here) return here;
    const definitions = normalizeLocations(await budget.race(this.deps.features.atPosition('goToDefinition', document.uri, at).catch(() => []))).locations;
    const [first] = definitions;
    return first ? this.declarationAt(first.uri, first.range.start, budget, cache) : undefined;
  }

  /** The items related to one item: the provider's answer, or for fallback items the implementation provider's, as class-like declarations. */
  private async expand(direction: HierarchyDirection, handle: unknown, budget: Budget, cache: Map<string, Promise<FlatSymbol[]>>): Promise<NormalizedRelated> {
    if (handle instanceof FallbackHandle) {
      const parent = handle.item;
      const raw = await budget.race(this.deps.features.atPosition('goToImplementation', parent.uri, parent.selectionRange.start));
      const { locations } = normalizeLocations(raw);
      const related: RelatedItem[] = [];
      const seen = new Set([itemKey(parent)]);
      // Implementations of an interface include values typed as it, and of a class the class itself: keep other class-like declarations only.
      const items = await Promise.all(locations.map((l) => this.declarationAt(l.uri, l.range.start, budget, cache)));
      for (const item of items) {
        if (!item || seen.has(itemKey(item))) continue;
        seen.add(itemKey(item));
        related.push({ item, handle: new FallbackHandle(item) });
      }
      return { related, malformed: 0 };
    }
    const raw = await budget.race(this.deps.features.hierarchyRelated(direction, handle));
    return normalizeRelated(direction, raw);
  }

  /** Breadth first: each level's calls in parallel; an item seen before is marked (a cycle when it is its own ancestor) and not expanded. */
  private async walk(
    direction: HierarchyDirection,
    prepared: readonly HandledItem[],
    depth: number,
    budget: Budget,
    cache: Map<string, Promise<FlatSymbol[]>>,
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
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      if (related >= WALK_NODE_LIMIT) {
        stoppedAt = related;
        break;
      }
      const answers = await mapLimited(frontier, WALK_CONCURRENCY, (f) =>
        this.expand(direction, f.handle, budget, cache).catch((err: unknown): NormalizedRelated | undefined => {
          if (err instanceof LspToolError) throw err;
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
    return walked;
  }
}

function countNodes(nodes: readonly HierarchyNode[]): number {
  let n = 0;
  for (const node of nodes) n += 1 + countNodes(node.children);
  return n;
}

function collectUris(nodes: readonly { item: HierarchyItem; children: readonly HierarchyNode[] }[], out: string[]): void {
  for (const node of nodes) {
    out.push(node.item.uri);
    collectUris(node.children, out);
  }
}

function answered(outcome: HierarchyOutcome): LoggedAnswer {
  return { answer: counted(outcome.result.roots.reduce((n, r) => n + countNodes(r.children), 0), 'related item'), completeness: outcome.result.completeness };
}

function describe(input: unknown): string {
  const r = isRecord(input) ? input : {};
  return `hierarchy ${written(r.direction)} ${written(r.file_path)}:${written(r.line)}:${written(r.character)} depth ${written(r.depth ?? 1)}`;
}
