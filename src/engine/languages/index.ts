// What the engine knows about languages, in one place: one profile per server family (this folder's
// other files, their shape in profile.ts), looked up by language id or by a file's extension, and
// any other language's default. Readiness (growsWhileLoading), waking a server (engine/wake.ts,
// platform/languageWake.ts), the keyword Note, the evidence of an implementation provider, a closed
// file's diagnostics (platform/diagnostics.ts) and the background index read them.
import { pathInside } from '../../text/displayPath';
import { CLANGD } from './clangd';
import { GO } from './go';
import { OTHER } from './other';
import type { LanguageProfile, WakeSearch } from './profile';
import { PYTHON } from './python';
import { TYPESCRIPT } from './typescript';

export type { BackgroundIndex, ClosedFileDiagnostics, LanguageProfile, WakeSearch } from './profile';
export { CLANGD, GO, OTHER, PYTHON, TYPESCRIPT };

/** Every profile, the default last; their wake searches run in this order. */
export const PROFILES: readonly LanguageProfile[] = [TYPESCRIPT, CLANGD, GO, PYTHON, OTHER];

const BY_LANGUAGE = new Map(PROFILES.flatMap((profile) => profile.languageIds.map((id) => [id, profile] as const)));
const BY_EXTENSION = new Map(PROFILES.flatMap((profile) => profile.extensions.map((ext) => [ext, profile] as const)));

/** The profile of a language id: its family's, or the default. */
export function profileOf(languageId: string): LanguageProfile {
  return BY_LANGUAGE.get(languageId) ?? OTHER;
}

/** A file's extension, lower case, without the dot ('' for none). */
function extensionOf(uri: string): string {
  const base = uri.slice(uri.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The profile of a file by its extension: its family's, or the default. */
export function profileOfFile(uri: string): LanguageProfile {
  return BY_EXTENSION.get(extensionOf(uri)) ?? OTHER;
}

/**
 * The family of a file by its extension (lower case): the first extension of its profile's, or its
 * own. Files of one family can depend on each other's declarations (a header and its C sources, a
 * .ts module and the .js that imports it).
 */
export function familyOf(uri: string): string {
  const ext = extensionOf(uri);
  return BY_EXTENSION.get(ext)?.extensions[0] ?? ext;
}

/** Words some language of a profile reserves: where the file's language is not known, one of these only earns the neutral Note. */
export const RESERVED_SOMEWHERE: ReadonlySet<string> = new Set(PROFILES.flatMap((profile) => profile.reservedWords));

/** Every profile's wake searches, in order. */
export const WAKE_SEARCHES: readonly WakeSearch[] = PROFILES.flatMap((profile) => profile.wake.searches);

/** The language ids VS Code's defaults give file extensions (with the dot), where no manifest says otherwise. */
export const DEFAULT_LANGUAGES: Readonly<Record<string, string>> = Object.assign({}, ...PROFILES.map((profile) => profile.defaultLanguages)) as Record<
  string,
  string
>;

/** Extensions whose language id is VS Code's choice over any manifest's. */
export const CLAIMED_LANGUAGES: Readonly<Record<string, string>> = Object.assign({}, ...PROFILES.map((profile) => profile.claimedLanguages ?? {})) as Record<
  string,
  string
>;

/**
 * Families (by familyOf) of data, prose and build output: a change to one of these breaks no other
 * file's code, and no language server checks most of them.
 */
export const NO_DEPENDENTS: ReadonlySet<string> = new Set(
  [
    ['json', 'jsonc', 'json5', 'md', 'markdown', 'txt', 'rst', 'lock', 'yaml', 'yml', 'toml', 'xml', 'csv', 'log', 'map', 'tsbuildinfo'],
    ['o', 'obj', 'a', 'so', 'dylib', 'dll', 'exe', 'pyc', 'pyo', 'class', 'jar', 'idx', 'pch', 'gch', 'pcm', 'd', 'wasm'],
    ['png', 'jpg', 'jpeg', 'gif', 'ico', 'svg', 'webp', 'pdf', 'woff', 'woff2', 'ttf', 'zip', 'gz', 'tgz', 'tar', 'xz', 'bz2', 'zst'],
  ].flat(),
);

/**
 * A file in a folder whose name starts with a dot (.git, .cache, .vscode, .venv) inside the
 * workspace folder (`roots`) that holds it: tools' state, not the project's sources.
 */
export function inDotFolder(uri: string, roots: readonly string[]): boolean {
  for (const root of roots) {
    const rest = pathInside(root, uri);
    if (rest !== undefined) return /(^|\/)\.[^/]+\//.test(rest);
  }
  return false;
}
