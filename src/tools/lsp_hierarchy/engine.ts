// lsp_hierarchy's query path: parse -> open -> check the position -> snap to the symbol -> prepare
// the items -> walk every item to `depth` (each level's provider calls in parallel, bounded, inside
// the one budget; repeats and cycles marked, never expanded) -> readiness -> notes -> render.
import { EngineQuery, openAtPosition } from '../../engine/baseQuery';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import type { HierarchyItem, HierarchyNode, HierarchyResult, HierarchyRoot } from '../../engine/hierarchyResult';
import { normalizeLocations } from '../../engine/normalize';
import { isRecord, toRange } from '../../engine/rawValues';
import { HierarchySessions } from '../../engine/hierarchySessions';
import { itemKey, normalizePrepared, normalizeRelated, type HandledItem, type NormalizedRelated, type RelatedItem } from '../../engine/normalizeHierarchy';
import { offSymbolNote } from '../../engine/keywordNote';
import { completenessNote, malformedNote, silentServerNote } from '../../engine/notes';
import { hierarchyKindOf } from '../../engine/operations';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DocumentSnapshot, HierarchyDirection } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { unknownSubtypesNote } from '../../engine/providerEvidence';
import { confinedToOpenFiles } from '../../engine/readiness';
import { sameHierarchy } from '../../engine/sameSet';
import { DIRECTION_METHOD, isUnsupportedRequest, OPERATION_METHOD, PREPARE_METHOD, unsupportedDirectionNote } from '../../engine/unsupported';
import { wakeLanguage } from '../../engine/wake';
import type { Completeness, LspPosition, LspRange } from '../../engine/result';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { displayPath } from '../../text/displayPath';
import { formatHierarchyWithin } from '../../text/fitHierarchy';
import { formatHierarchy } from '../../text/renderHierarchy';
import { symbolKindName } from '../../text/symbolKind';
import { hierarchyTitle, parseHierarchyArgs, type ParsedHierarchyArgs } from './input';
import { isExpandable, relatedNode } from '../../engine/hierarchyTree';
import { written } from '../../text/written';
import { HIERARCHY_SCHEMA } from './schema';

/** Provider calls in flight at once during a walk: enough to overlap round trips, few enough not to flood a server. */
export const WALK_CONCURRENCY = 8;
/** Related items a walk collects at most; past it, deeper levels are not expanded (and a Note says so). */
export const WALK_NODE_LIMIT = 5000;

export interface HierarchyOutcome extends OutcomeHeader {
  tool: typeof HIERARCHY_SCHEMA.name;
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
  /** The LSP method a provide* call was refused with (the server does not support it); those items are listed without what they relate to. */
  unsupported?: string;
  /** Nothing was prepared because the server does not support preparing: asking again cannot change that. */
  final?: true;
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
  return outcome?.tool === HIERARCHY_SCHEMA.name;
}

type Prepared = { items: HandledItem[]; malformed: number; unsupported?: string };

export class HierarchyEngine extends EngineQuery {
  /** Walks in flight, kept within what VS Code keeps of their prepares. */
  private readonly sessions = new HierarchySessions();

  /** Runs one lsp_hierarchy call; throws LspToolError for bad input, timeout and cancellation. */
  execute(input: unknown, token?: CancellationLike, fit?: AnswerBudget): Promise<HierarchyOutcome> {
    return this.logged(describe(input), () => this.run(parseHierarchyArgs(input), token, fit), answered);
  }

  /**
   * One more level below an item of an earlier outcome (the card's lazy expansion). The item is
   * prepared anew where it is declared: the walk's handle belongs to a prepare VS Code may have
   * disposed since (engine/hierarchySessions.ts), and would then answer a silent `[]`.
   */
  async children(direction: HierarchyDirection, handle: unknown, item: HierarchyItem, token?: CancellationLike): Promise<RelatedItem[]> {
    const budget = createBudget(this.deps.settings().timeoutMs, token);
    try {
      if (handle instanceof FallbackHandle) return (await this.expand(direction, handle, budget, new Map())).related;
      // Should the item no longer prepare (the file changed since), the walk's handle is all there is.
      const again = (): Promise<Prepared> =>
        this.prepare(direction, item.uri, '', item.selectionRange.start, budget).catch((err: unknown) => {
          if (err instanceof LspToolError && err.code !== 'LSP_PROVIDER_FAILED') throw err;
          return { items: [], malformed: 0 };
        });
      return await this.sessions.run(budget, again, async (prepared) => {
        const fresh = prepared.items.find((p) => itemKey(p.item) === itemKey(item))?.handle ?? handle;
        return (await this.expand(direction, fresh, budget, new Map())).related;
      });
    } finally {
      budget.dispose();
    }
  }

  private async run(args: ParsedHierarchyArgs, token?: CancellationLike, fit?: AnswerBudget): Promise<HierarchyOutcome> {
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget, HIERARCHY_SCHEMA.name);
      const folder = this.deps.workspace.folderOf(document.uri);
      const { direction, depth } = args;
      if (!this.warm.has(folder, document.languageId, direction)) await wakeLanguage(document.languageId, this.deps.workspace, this.deps.features, budget);
      const symbolCache = new Map<string, Promise<FlatSymbol[]>>();

      // Prepared by the hierarchy provider, or else (subtypes only) a class or interface walked through the implementation provider.
      let fallback: HierarchyItem | undefined;
      let noTypeProvider = false;
      let prepareUnsupported: string | undefined;
      const walkOnce = (): Promise<Walked> =>
        this.sessions.run(budget, () => this.prepare(direction, document.uri, document.languageId, queried, budget), walkPrepared);
      const walkPrepared = async (first: Prepared): Promise<Walked> => {
        let prepared = first;
        prepareUnsupported = prepared.unsupported;
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
        const walked = await this.walk(direction, prepared.items, depth, budget, symbolCache, prepared.malformed);
        if (prepareUnsupported !== undefined && fallback === undefined) walked.final = true;
        return walked;
      };
      const openUris = (): ReadonlySet<string> => this.deps.workspace.openDocumentUris();
      const provisional = (walked: Walked): boolean => {
        const uris: string[] = [];
        collectUris(walked.roots, uris);
        return walked.final !== true && (walked.roots.length === 0 || confinedToOpenFiles(uris, openUris()));
      };
      const same = (a: Walked, b: Walked): boolean => sameHierarchy(a.roots, b.roots);

      // Nothing could ever answer (no extension provides for the language): one walk. Warm: one walk, unless it is empty.
      const askOnce = !this.deps.features.hasProviderSource(document.languageId);
      const empty = (w: Walked): boolean => w.roots.length === 0 && w.final !== true;
      const settled = await this.settled({ folder, languageId: document.languageId, question: direction }, walkOnce, provisional, budget, {
        same,
        askOnce,
        empty,
        serverUp: this.outlines(document.uri, budget),
      });
      const walked = settled.value;
      let completeness: Completeness = settled.completeness;
      if (walked.roots.length === 0 && !this.deps.features.hasProviderSource(document.languageId)) completeness = 'noProvider';
      if (noTypeProvider && direction === 'supertypes') completeness = 'noProvider';
      if (prepareUnsupported !== undefined && walked.roots.length === 0) completeness = 'noProvider';
      const unsupportedNotes = hierarchyUnsupportedNotes(document.languageId, direction, prepareUnsupported, walked.unsupported, fallback !== undefined);

      const saidElsewhere = completeness === 'noProvider' && (noTypeProvider || prepareUnsupported !== undefined);
      for (const note of [malformedNote(walked.malformed), saidElsewhere ? undefined : completenessNote(completeness, document.languageId)]) {
        if (note !== undefined) notes.push(note);
      }
      notes.push(...unsupportedNotes);
      if (settled.silentServer === true) notes.push(silentServerNote(document.languageId, settled.waitedMs));
      if (noTypeProvider && direction === 'supertypes' && prepareUnsupported === undefined) {
        notes.push(
          `no type hierarchy provider answered for language id "${document.languageId}", so supertypes cannot be listed. To find them, call lsp goToDefinition on each name in the type's extends or implements clause.`,
        );
      }
      if (fallback !== undefined) {
        notes.push(fallbackNote(document.languageId, fallback, walked.roots, prepareUnsupported));
        const found = (walked.roots[0]?.children.length ?? 0) > 0;
        if (found) this.evidence.record(document.languageId);
        else if (!this.evidence.known(document.languageId) && walked.unsupported === undefined)
          notes.push(unknownSubtypesNote(document.languageId, fallback.name));
      }
      if (walked.failedCalls > 0)
        notes.push(
          `${walked.failedCalls} provider call${walked.failedCalls === 1 ? '' : 's'} failed; the items concerned are listed without what they relate to.`,
        );
      if (walked.stoppedAt !== undefined) {
        notes.push(
          `the walk stopped expanding after ${walked.stoppedAt} related items (limit ${WALK_NODE_LIMIT}); ask for a smaller depth or a more specific item.`,
        );
      }
      if (walked.roots.length === 0 && completeness !== 'noProvider' && settled.silentServer !== true) {
        const note = await offSymbolNote(document, queried, this.deps.features, budget);
        if (note !== undefined) notes.push(note);
      }
      const result: HierarchyResult = { kind: 'hierarchy', direction, roots: walked.roots, completeness };
      const roots = this.deps.workspace.roots();
      const shownOptions = {
        direction,
        pathOf: (uri: string) => displayPath(uri, folder, roots),
        maxLocations: settings.maxLocations,
        maxResultChars: settings.maxResultChars,
        notes,
      };
      const text = await renderWithin(fit, settings.maxResultChars, (limit) =>
        limit === undefined ? formatHierarchy(result.roots, shownOptions) : formatHierarchyWithin(result.roots, shownOptions, limit),
      );
      const input = { direction, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1, depth };
      return {
        tool: HIERARCHY_SCHEMA.name,
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

  private async prepare(direction: HierarchyDirection, uri: string, languageId: string, position: LspPosition, budget: Budget): Promise<Prepared> {
    const kind = hierarchyKindOf(direction);
    let unsupported = false;
    const raw = await budget.race(
      this.deps.features.prepareHierarchy(kind, uri, position).catch((err: unknown) => {
        if (isUnsupportedRequest(err)) {
          unsupported = true;
          return [];
        }
        throw new LspToolError(
          'LSP_PROVIDER_FAILED',
          `the ${languageId} language provider failed to prepare the ${hierarchyKindOf(direction)} hierarchy: ${err instanceof Error ? err.message : String(err)}. Try another position, or check the language extension's output.`,
        );
      }),
    );
    return unsupported ? { ...normalizePrepared(raw), unsupported: PREPARE_METHOD[kind] } : normalizePrepared(raw);
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

  /**
   * The innermost class-like declaration whose name covers `at`, as an item; with `anyKind`, also a
   * declaration of another kind whose name (a selection range exactly as long as it) is there: an
   * anonymous function's symbol (`<function>`, `operate() callback`) is a value, not a subtype.
   */
  private async declarationAt(
    uri: string,
    at: LspPosition,
    budget: Budget,
    cache: Map<string, Promise<FlatSymbol[]>>,
    anyKind = false,
  ): Promise<HierarchyItem | undefined> {
    const named = (s: FlatSymbol): boolean =>
      s.selectionRange.start.line === s.selectionRange.end.line && s.selectionRange.end.character - s.selectionRange.start.character === s.name.length;
    const symbols = (await this.symbolsOf(uri, budget, cache)).filter(
      (s) => (TYPE_KINDS.has(s.kind) || (anyKind && named(s))) && contains(s.selectionRange, at),
    );
    const symbol = symbols[symbols.length - 1];
    if (!symbol) return undefined;
    const item: HierarchyItem = { name: symbol.name, kind: symbol.kind, uri, range: symbol.range, selectionRange: symbol.selectionRange };
    if (symbol.detail !== undefined) item.detail = symbol.detail;
    return item;
  }

  /** The class or interface at a position (its declaration, or the one a reference there goes to): where a type hierarchy should have been prepared. */
  private async typeAt(
    document: DocumentSnapshot,
    at: LspPosition,
    budget: Budget,
    cache: Map<string, Promise<FlatSymbol[]>>,
  ): Promise<HierarchyItem | undefined> {
    const here = await this.declarationAt(document.uri, at, budget, cache);
    if (here) return here;
    const definitions = normalizeLocations(await budget.race(this.deps.features.atPosition('goToDefinition', document.uri, at).catch(() => []))).locations;
    const [first] = definitions;
    return first ? this.declarationAt(first.uri, first.range.start, budget, cache) : undefined;
  }

  /** The items related to one item: the provider's answer, or for fallback items the implementation provider's, as declarations. */
  private async expand(direction: HierarchyDirection, handle: unknown, budget: Budget, cache: Map<string, Promise<FlatSymbol[]>>): Promise<NormalizedRelated> {
    if (handle instanceof FallbackHandle) {
      const parent = handle.item;
      const raw = await budget.race(this.deps.features.atPosition('goToImplementation', parent.uri, parent.selectionRange.start));
      const { locations } = normalizeLocations(raw);
      const related: RelatedItem[] = [];
      const seen = new Set([itemKey(parent)]);
      // Implementations of an interface include values typed as it (an object or array literal, where no declaration's name is:
      // not a subtype), and of a class the class itself. Every declaration is a subtype, of any kind: a Go function type implements an interface.
      const items = await Promise.all(locations.map((l) => this.declarationAt(l.uri, l.range.start, budget, cache, true)));
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
    let unsupported: string | undefined;
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      if (related >= WALK_NODE_LIMIT) {
        stoppedAt = related;
        break;
      }
      const answers = await mapLimited(frontier, WALK_CONCURRENCY, (f) =>
        this.expand(direction, f.handle, budget, cache).catch((err: unknown): NormalizedRelated | undefined => {
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
  return {
    answer: counted(
      outcome.result.roots.reduce((n, r) => n + countNodes(r.children), 0),
      'related item',
    ),
    completeness: outcome.result.completeness,
  };
}

function describe(input: unknown): string {
  const r = isRecord(input) ? input : {};
  return `hierarchy ${written(r.direction)} ${written(r.file_path)}:${written(r.line)}:${written(r.character)} depth ${written(r.depth ?? 1)}`;
}

/** The Notes for requests the server refused as unsupported (see engine/unsupported.ts for the contract). */
function hierarchyUnsupportedNotes(
  languageId: string,
  direction: HierarchyDirection,
  prepare: string | undefined,
  provide: string | undefined,
  fellBack: boolean,
): string[] {
  const notes: string[] = [];
  // A refused prepareTypeHierarchy for subtypes is told by the fallback's Note.
  if (prepare !== undefined && !fellBack) notes.push(unsupportedDirectionNote(languageId, direction, prepare, false));
  if (provide !== undefined) notes.push(unsupportedDirectionNote(languageId, direction, provide, true));
  return notes;
}

/** Says where the subtypes come from, and which kinds they are: class-like only (TypeScript), or any declaration (a Go function type). */
function fallbackNote(languageId: string, fallback: HierarchyItem, roots: readonly HierarchyRoot[], prepareUnsupported: string | undefined): string {
  const why =
    prepareUnsupported !== undefined
      ? `the ${languageId} language server does not support the type hierarchy (${prepareUnsupported})`
      : `no type hierarchy provider answered for language id "${languageId}"`;
  const kinds: string[] = [];
  const collect = (nodes: readonly HierarchyNode[]): void => {
    for (const node of nodes) {
      kinds.push(node.item.kind);
      collect(node.children);
    }
  };
  collect(roots.flatMap((root) => root.children));
  const what = kinds.every((kind) => TYPE_KINDS.has(kind))
    ? 'the classes and interfaces that extend or implement it'
    : 'the declarations of any kind that extend or implement it (a function type can implement an interface)';
  return `${why}; these subtypes of "${fallback.name}" come from the implementation provider instead: ${what} (indirect ones can be listed at the first level too).`;
}
