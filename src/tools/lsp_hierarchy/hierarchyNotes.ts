// What lsp_hierarchy says about its answer beside the tree: how complete it is, and why, in one
// place. The conditions read one Preparation (how the items were prepared) and the walk.
import type { HierarchyItem, HierarchyNode, HierarchyRoot } from '../../engine/hierarchyResult';
import { completenessNote, malformedNote, silentServerNote } from '../../engine/notes';
import type { HierarchyDirection } from '../../engine/ports';
import { unknownSubtypesNote } from '../../engine/providerEvidence';
import type { Completeness } from '../../engine/result';
import { unsupportedDirectionNote } from '../../engine/unsupported';
import { TYPE_KINDS } from './declarations';
import { WALK_NODE_LIMIT, type Walked } from './walk';

/**
 * How a walk's items were prepared. `provider`: by the hierarchy provider (maybe none). When no type
 * hierarchy was prepared but a class or interface is declared at the position: `noSupertypes` (they
 * cannot be listed without the provider), `fallback` (subtypes walked through the implementation
 * provider from that declaration). `unsupported`: the LSP method the server refused preparing with.
 */
export type Preparation = { by: 'provider'; unsupported?: string } | { by: 'noSupertypes' | 'fallback'; declared: HierarchyItem; unsupported?: string };

/** What the hierarchy's notes are about. */
export interface HierarchyFindings {
  languageId: string;
  direction: HierarchyDirection;
  preparation: Preparation;
  walked: Walked;
  completeness: Completeness;
  silentServer: boolean;
  waitedMs: number;
  /** An implementation provider is known to exist for the language (engine/providerEvidence.ts). */
  implementationsKnown: boolean;
  /** The Note for an empty answer at a position that names no symbol, if it was asked for. */
  offSymbol: string | undefined;
}

/** Nothing can provide the answer: no extension provides for the language, no type hierarchy for supertypes, or preparing is unsupported. */
export function noProvider(preparation: Preparation, walked: Walked, hasProviderSource: boolean): boolean {
  const empty = walked.roots.length === 0;
  return (empty && !hasProviderSource) || preparation.by === 'noSupertypes' || (preparation.unsupported !== undefined && empty);
}

/** The Notes after the opening ones, in the order the model reads them. */
export function hierarchyNotes(f: HierarchyFindings): string[] {
  const { languageId, direction, preparation, walked } = f;
  const notes: string[] = [];
  const push = (note: string | undefined): void => {
    if (note !== undefined) notes.push(note);
  };
  push(malformedNote(walked.malformed));
  // "No provider" is told by the Notes below when they say why (no type provider, or unsupported).
  const saidBelow = f.completeness === 'noProvider' && (preparation.by !== 'provider' || preparation.unsupported !== undefined);
  if (!saidBelow) push(completenessNote(f.completeness, languageId));
  // A refused prepareTypeHierarchy for subtypes is told by the fallback's Note.
  if (preparation.unsupported !== undefined && preparation.by !== 'fallback')
    push(unsupportedDirectionNote(languageId, direction, preparation.unsupported, false));
  if (walked.unsupported !== undefined) push(unsupportedDirectionNote(languageId, direction, walked.unsupported, true));
  if (f.silentServer) push(silentServerNote(languageId, f.waitedMs));
  if (preparation.by === 'noSupertypes' && preparation.unsupported === undefined) {
    push(
      `no type hierarchy provider answered for language id "${languageId}", so supertypes cannot be listed. To find them, call lsp goToDefinition on each name in the type's extends or implements clause.`,
    );
  }
  if (preparation.by === 'fallback') {
    push(fallbackNote(languageId, preparation.declared, walked.roots, preparation.unsupported));
    if (!foundSubtypes(walked) && !f.implementationsKnown && walked.unsupported === undefined) push(unknownSubtypesNote(languageId, preparation.declared.name));
  }
  if (walked.failedCalls > 0) {
    push(`${walked.failedCalls} provider call${walked.failedCalls === 1 ? '' : 's'} failed; the items concerned are listed without what they relate to.`);
  }
  if (walked.stoppedAt !== undefined) {
    push(`the walk stopped expanding after ${walked.stoppedAt} related items (limit ${WALK_NODE_LIMIT}); ask for a smaller depth or a more specific item.`);
  }
  push(f.offSymbol);
  return notes;
}

/** The fallback found a subtype: evidence that the language's implementation provider exists. */
export function foundSubtypes(walked: Walked): boolean {
  return (walked.roots[0]?.children.length ?? 0) > 0;
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
