// The reach of a change (pure): the files whose diagnostics a change can alter. They are the changed
// files and their dependents: every file of the same language family that names, as a whole word, a
// declaration of a changed file (its outline's top-level names) or the changed file's own
// name (an import or #include of it). A superset of the files that use what changed, found from what
// the editor already knows (the outline) and one read of the project's files (docs/contract.md §4.4).
import type { Budget } from './budget';
import { pathInside } from '../text/displayPath';
import { familyOf, inDotFolder, profileOfFile } from './languages';
import { normalizeDocumentSymbols } from './normalizeSymbols';
import type { DiagnosticsPort, LanguageFeatures, Workspace } from './ports';
import type { LspSymbol } from './result';

/** Files scanned for names at most in one call (the budget bounds it first on most projects). */
export const MAX_SCANNED_FILES = 20_000;
/** A name this short names too much to tell a dependent by (`i`, `x`). */
const MIN_NAME_LENGTH = 3;

export interface Dependent {
  /** The changed files it names. */
  by: string[];
  /** The newest change among them: its diagnostics from before that are out of date. */
  changedAt: number;
}

export interface ChangeReach {
  /** Each changed file asked about, with its change time. */
  changed: Map<string, number>;
  /** Files that name a changed file's declarations, in path order. */
  dependents: Map<string, Dependent>;
  /** Whether the project had more files of those languages than were scanned. */
  cut: boolean;
}

export interface ReachDeps {
  workspace: Workspace;
  features: LanguageFeatures;
  diagnostics: DiagnosticsPort;
}

/** The names a changed file declares, kept per file and change. */
export class DeclaredNames {
  private readonly kept = new Map<string, { stamp: number; names: string[] }>();

  async of(features: LanguageFeatures, uri: string, stamp: number, budget: Budget): Promise<string[]> {
    const hit = this.kept.get(uri);
    if (hit?.stamp === stamp) return hit.names;
    const raw = await budget.race(features.documentSymbols(uri).catch((): undefined => undefined));
    const names = [...new Set([...outlineNames(normalizeDocumentSymbols(raw, uri).symbols), ...stemNames(uri)])];
    this.kept.set(uri, { stamp, names });
    return names;
  }
}

/**
 * The dependents of `changed` under `scopes` (folder URIs), among the files of the changed files'
 * language families; with `among`, among those files alone (no listing of the project: a check of
 * named files asks only whether they depend on a change).
 */
export async function changeReach(
  deps: ReachDeps,
  names: DeclaredNames,
  changed: ReadonlyMap<string, number>,
  scopes: readonly string[],
  budget: Budget,
  among?: readonly string[],
): Promise<ChangeReach> {
  const reach: ChangeReach = { changed: new Map(changed), dependents: new Map(), cut: false };
  if (changed.size === 0 || among?.every((uri) => changed.has(uri)) === true) return reach;
  const byName = new Map<string, Set<string>>();
  const families = new Set<string>();
  // The outlines and the listing at once: neither needs the other.
  const [, listed] = await Promise.all([
    Promise.all(
      [...changed].map(async ([uri, stamp]) => {
        families.add(familyOf(uri));
        // A deleted file has no outline: its own name still finds what imports it.
        const declared = (await budget.race(deps.diagnostics.isFile(uri))) ? await names.of(deps.features, uri, stamp, budget) : stemNames(uri);
        for (const name of declared) byName.set(name, (byName.get(name) ?? new Set()).add(uri));
      }),
    ),
    among === undefined
      ? Promise.all(scopes.map((scope) => budget.race(deps.diagnostics.filesIn(scope, MAX_SCANNED_FILES))))
      : [{ uris: among.filter((uri) => scopes.some((scope) => pathInside(scope, uri) !== undefined)), more: false }],
  ]);
  reach.cut = listed.some((l) => l.more);
  const candidates = [...new Set(listed.flatMap((l) => l.uris))]
    .filter((uri) => !changed.has(uri) && families.has(familyOf(uri)) && !inDotFolder(uri, scopes))
    .sort();
  const texts = await budget.race(deps.workspace.readLines(candidates));
  for (const uri of candidates) {
    const lines = texts.get(uri);
    // Build output (it ends with a source map comment) repeats its source, which is checked in its place.
    if (generated(lines)) continue;
    const by = namedIn(lines, byName);
    if (by.size === 0) continue;
    reach.dependents.set(uri, { by: [...by], changedAt: Math.max(...[...by].map((c) => changed.get(c) ?? -Infinity)) });
  }
  return reach;
}

/**
 * For a changed file whose server reads the files it includes from the disk (clangd), the newest save
 * of another changed file of its family after its own change (freshDiagnostics' includesSaved):
 * undefined where there is none. Any such file, included or not: one given to its server again for
 * nothing costs a build, one not given again can be answered from the disk before the save. The saves
 * are read once, the two newest of each such family kept, so that each file's look costs no pass
 * over every change.
 */
export function savedIncludes(changed: ReadonlyMap<string, number>, diagnostics: Pick<DiagnosticsPort, 'savedAt'>): (uri: string) => number | undefined {
  const newest = new Map<string, { uri: string; at: number }[]>();
  for (const uri of changed.keys()) {
    const at = diagnostics.savedAt(uri);
    if (at === undefined || profileOfFile(uri).includesFromDisk !== true) continue;
    const family = familyOf(uri);
    newest.set(family, [...(newest.get(family) ?? []), { uri, at }].sort((a, b) => b.at - a.at).slice(0, 2));
  }
  return (uri) => {
    const own = changed.get(uri);
    if (own === undefined) return undefined;
    const other = newest.get(familyOf(uri))?.find((save) => save.uri !== uri);
    return other !== undefined && other.at > own ? other.at : undefined;
  };
}

/** The changed files a text names, by any of their declared names. */
function namedIn(lines: readonly string[] | undefined, byName: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const found = new Set<string>();
  for (const line of lines ?? []) {
    for (const word of line.match(WORD) ?? []) byName.get(word)?.forEach((uri) => found.add(uri));
  }
  return found;
}

const WORD = /[A-Za-z_$][\w$]*/g;

/** Whether a file is a compiler's output: its last lines point at its source map. */
export function generated(lines: readonly string[] | undefined): boolean {
  if (lines === undefined) return false;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) if (/^\s*\/\/[#@] sourceMappingURL=/.test(lines[i]!)) return true;
  return false;
}

/**
 * The identifiers in an outline's top-level names (a module's declarations; a method or field is
 * reached through the type or function that declares it, which a file using it names too). Members'
 * own names are left out: `next`, `type` or `value` are in almost every file.
 */
export function outlineNames(symbols: readonly LspSymbol[]): string[] {
  return symbols.flatMap((s) => (s.name.match(WORD) ?? []).filter((w) => w.length >= MIN_NAME_LENGTH));
}

/** A file's own name without its extension, as an import or an #include names it (`isFunction`, `cells`, `yaml`). */
export function stemNames(uri: string): string[] {
  const base = decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
  const stem = base.includes('.') ? base.slice(0, base.indexOf('.')) : base;
  return (stem.match(WORD) ?? []).filter((w) => w.length >= MIN_NAME_LENGTH);
}
