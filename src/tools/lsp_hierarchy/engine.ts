// lsp_hierarchy's query path: parse -> open -> check the position -> snap to the symbol -> prepare
// the items -> walk every item to `depth` (each level's provider calls in parallel, bounded, inside
// the one budget; repeats and cycles marked, never expanded) -> readiness -> notes -> render.
import { EngineQuery, openAtPosition, type CallOptions } from '../../engine/baseQuery';
import { CallerFiles, freshForCaller, type CallerView } from '../../engine/callerFiles';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import type { HierarchyItem, HierarchyNode, HierarchyResult } from '../../engine/hierarchyResult';
import { HierarchySessions } from '../../engine/hierarchySessions';
import { offSymbolNote } from '../../engine/keywordNote';
import { itemKey, normalizePrepared, type HandledItem, type RelatedItem } from '../../engine/normalizeHierarchy';
import { hierarchyKindOf } from '../../engine/operations';
import type { OutcomeHeader } from '../../engine/outcome';
import type { HierarchyDirection } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { isRecord } from '../../engine/rawValues';
import { confinedToOpenFiles } from '../../engine/readiness';
import { subjectAt } from '../../engine/heading';
import type { Completeness, LspPosition } from '../../engine/result';
import { sameHierarchy } from '../../engine/sameSet';
import { isUnsupportedRequest, PREPARE_METHOD } from '../../engine/unsupported';
import { wakeLanguage } from '../../engine/wake';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { displayPath } from '../../text/displayPath';
import { formatHierarchyWithin } from '../../text/fitHierarchy';
import { formatHierarchy } from '../../text/renderHierarchy';
import { identifierAt } from '../../text/position';
import { written } from '../../text/written';
import { Declarations } from './declarations';
import { foundSubtypes, hierarchyNotes, noProvider, type Preparation } from './hierarchyNotes';
import { hierarchyTitle, parseHierarchyArgs, type ParsedHierarchyArgs } from './input';
import { HIERARCHY_SCHEMA } from './schema';
import { freshTree, treeForCaller, treePlaces } from './callerTree';
import { collectUris, FallbackHandle, relatedTo, walk, type Walked } from './walk';

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

export function isHierarchyOutcome(outcome: OutcomeHeader | undefined): outcome is HierarchyOutcome {
  return outcome?.tool === HIERARCHY_SCHEMA.name;
}

type Prepared = { items: HandledItem[]; malformed: number; unsupported?: string };

/** A walk, and how its items were prepared (what its Notes say depends on it). */
type PreparedWalk = Walked & { preparation: Preparation };

/** The preparation, with the method the server refused preparing with, if it did. */
function withUnsupported(preparation: Preparation, unsupported: string | undefined): Preparation {
  return unsupported === undefined ? preparation : { ...preparation, unsupported };
}

export class HierarchyEngine extends EngineQuery {
  /** Walks in flight, kept within what VS Code keeps of their prepares. */
  private readonly sessions = new HierarchySessions();

  /** Runs one lsp_hierarchy call; throws LspToolError for bad input, timeout and cancellation. */
  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<HierarchyOutcome> {
    return this.logged(describe(input), () => this.run(parseHierarchyArgs(input), token, options), answered);
  }

  /**
   * One more level below an item of an earlier outcome (the card's lazy expansion). The item is
   * prepared anew where it is declared: the walk's handle belongs to a prepare VS Code may have
   * disposed since (engine/hierarchySessions.ts), and would then answer a silent `[]`.
   */
  async children(direction: HierarchyDirection, handle: unknown, item: HierarchyItem, token?: CancellationLike): Promise<RelatedItem[]> {
    const budget = createBudget(this.deps.settings().timeoutMs, token);
    try {
      if (handle instanceof FallbackHandle)
        return (await relatedTo(this.deps.features, direction, handle, budget, new Declarations(this.deps.features, budget))).related;
      // Should the item no longer prepare (the file changed since), the walk's handle is all there is.
      const again = (): Promise<Prepared> =>
        this.prepare(direction, item.uri, '', item.selectionRange.start, budget).catch((err: unknown) => {
          if (err instanceof LspToolError && err.code !== 'LSP_PROVIDER_FAILED') throw err;
          return { items: [], malformed: 0 };
        });
      return await this.sessions.run(budget, again, async (prepared) => {
        const fresh = prepared.items.find((p) => itemKey(p.item) === itemKey(item))?.handle ?? handle;
        return (await relatedTo(this.deps.features, direction, fresh, budget, new Declarations(this.deps.features, budget))).related;
      });
    } finally {
      budget.dispose();
    }
  }

  private async run(args: ParsedHierarchyArgs, token: CancellationLike | undefined, { fit, view = 'editor' }: CallOptions): Promise<HierarchyOutcome> {
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget, HIERARCHY_SCHEMA.name, view);
      const folder = this.deps.workspace.folderOf(document.uri);
      const { direction } = args;
      const languageId = document.languageId;
      if (!this.warm.has(folder, languageId, direction)) await wakeLanguage(languageId, this.deps.workspace, this.deps.features, budget);
      const declarations = new Declarations(this.deps.features, budget);
      const walkOnce = (): Promise<PreparedWalk> =>
        this.sessions.run(
          budget,
          () => this.prepare(direction, document.uri, languageId, queried, budget),
          (prepared) => this.walkPrepared(args, document.uri, queried, prepared, budget, declarations),
        );
      const openUris = (): ReadonlySet<string> => this.deps.workspace.openDocumentUris();
      const provisional = (walked: Walked): boolean => {
        const uris: string[] = [];
        collectUris(walked.roots, uris);
        return walked.final !== true && (walked.roots.length === 0 || confinedToOpenFiles(uris, openUris()));
      };
      // Nothing could ever answer (no extension provides for the language): one walk. Warm: one walk, unless it is empty.
      const settled = await this.settled({ folder, languageId, question: direction }, walkOnce, provisional, budget, {
        same: (a, b) => sameHierarchy(a.roots, b.roots),
        askOnce: !this.deps.features.hasProviderSource(languageId),
        empty: (w) => w.roots.length === 0 && w.final !== true,
        serverUp: this.outlines(document.uri, budget),
      });
      const { value: walked, files } = await this.againstCaller(settled.value, walkOnce, document.uri, view, budget);
      const { preparation } = walked;
      const completeness: Completeness = noProvider(preparation, walked, this.deps.features.hasProviderSource(languageId))
        ? 'noProvider'
        : settled.completeness;
      if (preparation.by === 'fallback' && foundSubtypes(walked)) this.evidence.record(languageId);
      const implementationsKnown = this.evidence.known(languageId);
      const silentServer = settled.silentServer === true;
      const offSymbol =
        walked.roots.length === 0 && completeness !== 'noProvider' && !silentServer
          ? await offSymbolNote(document, queried, this.deps.features, budget)
          : undefined;
      notes.push(
        ...hierarchyNotes({
          languageId,
          direction,
          preparation,
          walked,
          completeness,
          silentServer,
          waitedMs: settled.waitedMs,
          implementationsKnown,
          offSymbol,
        }),
      );
      const result: HierarchyResult = { kind: 'hierarchy', direction, roots: freshTree(files, walked.roots), completeness };
      const text = await this.render(result, files, folder, notes, fit);
      const input = { direction, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1, depth: args.depth };
      const name = identifierAt(document.lineText(queried.line), queried.character)?.name;
      const subject = subjectAt(displayPath(document.uri, folder, this.deps.workspace.roots()), queried, name);
      return {
        tool: HIERARCHY_SCHEMA.name,
        title: hierarchyTitle(input),
        heading: { kind: 'position', question: direction, subject, depth: args.depth },
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
        fallback: preparation.by === 'fallback',
      };
    } finally {
      budget.dispose();
    }
  }

  /**
   * Walks what the hierarchy provider prepared; when it prepared nothing for a type hierarchy, the
   * class or interface declared there (for subtypes, walked through the implementation provider).
   */
  private async walkPrepared(
    args: ParsedHierarchyArgs,
    uri: string,
    queried: LspPosition,
    first: Prepared,
    budget: Budget,
    declarations: Declarations,
  ): Promise<PreparedWalk> {
    const { direction } = args;
    let prepared = first;
    let preparation: Preparation = withUnsupported({ by: 'provider' }, first.unsupported);
    if (prepared.items.length === 0 && hierarchyKindOf(direction) === 'type') {
      const declared = await declarations.typeAt(uri, queried);
      if (declared) {
        preparation = withUnsupported({ by: direction === 'subtypes' ? 'fallback' : 'noSupertypes', declared }, first.unsupported);
        if (direction === 'subtypes') prepared = { items: [{ item: declared, handle: new FallbackHandle(declared) }], malformed: prepared.malformed };
      }
    }
    const walked: PreparedWalk = {
      ...(await walk(this.deps.features, direction, prepared.items, args.depth, budget, declarations, prepared.malformed)),
      preparation,
    };
    if (preparation.unsupported !== undefined && preparation.by !== 'fallback') walked.final = true;
    return walked;
  }

  /** The walk once no node is in a file no longer on disk, asked again meanwhile (engine/callerFiles.ts), with the files as the caller sees them. */
  private againstCaller(
    walked: PreparedWalk,
    again: () => Promise<PreparedWalk>,
    queried: string,
    view: CallerView,
    budget: Budget,
  ): Promise<{ value: PreparedWalk; files: CallerFiles }> {
    const read = (uris: string[]): Promise<CallerFiles> => CallerFiles.read(this.deps.workspace, [queried, ...uris], view, budget);
    return freshForCaller(walked, (w) => treePlaces(w.roots), again, read, budget);
  }

  /** The tree as text in the caller's positions, with the Notes about its files, within what the reader takes inline. */
  private render(canonical: HierarchyResult, files: CallerFiles, folder: string, notes: string[], fit: AnswerBudget | undefined): Promise<string> {
    const settings = this.deps.settings();
    const roots = this.deps.workspace.roots();
    const result: HierarchyResult = { ...canonical, roots: treeForCaller(files, canonical.roots, canonical.direction) };
    notes.push(...files.notes((uri) => displayPath(uri, folder, roots)));
    const shownOptions = {
      direction: result.direction,
      pathOf: (uri: string) => displayPath(uri, folder, roots),
      maxLocations: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      notes,
    };
    return renderWithin(fit, settings.maxResultChars, (limit) =>
      limit === undefined ? formatHierarchy(result.roots, shownOptions) : formatHierarchyWithin(result.roots, shownOptions, limit),
    );
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
}

function countNodes(nodes: readonly HierarchyNode[]): number {
  let n = 0;
  for (const node of nodes) n += 1 + countNodes(node.children);
  return n;
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
