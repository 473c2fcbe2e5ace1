// Languages the engine treats apart: readiness (growsWhileLoading), waking a server (wake.ts), the
// evidence of an implementation provider (providerEvidence.ts) and the keyword Note read it.

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

/** Families of data and prose files (by familyOf): a change to one breaks no other file's code. */
export const NO_DEPENDENTS: ReadonlySet<string> = new Set([
  'json',
  'jsonc',
  'json5',
  'md',
  'markdown',
  'txt',
  'lock',
  'yaml',
  'yml',
  'toml',
  'xml',
  'svg',
  'csv',
  'log',
  'map',
]);
