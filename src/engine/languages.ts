// Languages the engine treats apart: readiness (growsWhileLoading), waking a server (wake.ts), the
// evidence of an implementation provider (providerEvidence.ts) and the keyword Note read it.
import { pathInside } from '../text/displayPath';

/** Language ids that VS Code's built-in TypeScript extension (tsserver) serves. */
export const TYPESCRIPT_FAMILY: ReadonlySet<string> = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);

/**
 * Files that can depend on each other's declarations, by extension: a change to one can break the
 * others (a header and its C sources, a .ts module and the .js that imports it). Any other extension
 * is a family of its own.
 */
const FAMILIES: readonly (readonly string[])[] = [
  ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'],
  ['py', 'pyi'],
  ['c', 'h', 'cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'inl', 'ipp', 'm', 'mm', 'cu', 'cuh'],
  ['go'],
];
const FAMILY_OF = new Map(FAMILIES.flatMap((family) => family.map((ext) => [ext, family[0]!] as const)));

/** The family of a file by its extension (lower case): the first extension of its family, or its own. */
export function familyOf(uri: string): string {
  const base = uri.slice(uri.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
  return FAMILY_OF.get(ext) ?? ext;
}

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
