// C, C++, Objective-C and CUDA: clangd (or another server of these languages). clangd loads a
// project's compile_commands.json when a file it lists is opened, and diagnoses only documents that
// are open (opening one, no tab needed, makes it publish).
//
// Its background index on disk, read without VS Code (platform/backgroundIndexes.ts looks): clangd
// keeps one shard per indexed file under the project's .cache/clangd/index/ (.clangd/index/ before
// clangd 11), named `<file name>.<16 hex digits>.idx` (the digits hash the file's path), and writes a
// translation unit's shard once it has indexed it. The project is the folder of compile_commands.json,
// or the folder above when that is `build/` (where clangd looks for the database).
import type { BackgroundIndex, LanguageProfile } from './profile';

/** The absolute paths of the translation units a compile_commands.json lists, each once. */
export function translationUnits(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  const units = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { directory, file } = entry as { directory?: unknown; file?: unknown };
    if (typeof file !== 'string' || file === '') continue;
    if (isAbsolute(file)) units.add(file);
    else if (typeof directory === 'string') units.add(`${directory.replace(/[\\/]+$/, '')}/${file}`);
  }
  return [...units];
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

export function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** The folders, relative to the database's folder, where clangd may keep the project's shards. */
export function shardFolders(databaseFolderName: string): string[] {
  const here = ['.cache/clangd/index', '.clangd/index'];
  return databaseFolderName === 'build' ? [...here.map((f) => `../${f}`), ...here] : here;
}

const SHARD = /^(.+)\.[0-9A-Fa-f]{16}\.idx$/;

/**
 * The units that have no shard among `shardNames`, matched by file name: of two units with the same
 * name, one shard of that name counts for one of them (a header's shard never has a unit's name).
 */
export function unitsWithoutShard(units: readonly string[], shardNames: Iterable<string>): string[] {
  const shards = new Map<string, number>();
  for (const name of shardNames) {
    const match = SHARD.exec(name);
    if (match) shards.set(match[1]!, (shards.get(match[1]!) ?? 0) + 1);
  }
  const missing: string[] = [];
  for (const unit of units) {
    const name = fileName(unit);
    const left = shards.get(name) ?? 0;
    if (left > 0) shards.set(name, left - 1);
    else missing.push(unit);
  }
  return missing;
}

export const CLANGD: LanguageProfile & { readonly backgroundIndex: BackgroundIndex } = {
  name: 'c',
  languageIds: ['c', 'cpp', 'objective-c', 'objective-cpp', 'cuda-cpp'],
  extensions: ['c', 'h', 'cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'inl', 'ipp', 'm', 'mm', 'cu', 'cuh'],
  defaultLanguages: {
    '.c': 'c',
    '.cc': 'cpp',
    '.cpp': 'cpp',
    '.cxx': 'cpp',
    '.c++': 'cpp',
    '.h': 'cpp',
    '.hpp': 'cpp',
    '.m': 'objective-c',
    '.mm': 'objective-cpp',
  },
  // VS Code's own choice for headers: C++ (the C grammar does not claim `.h`).
  claimedLanguages: { '.h': 'cpp' },
  reservedWords: ['struct'],
  identifier: {
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    reserved: new Set([
      'auto',
      'break',
      'case',
      'char',
      'const',
      'continue',
      'default',
      'do',
      'double',
      'else',
      'enum',
      'extern',
      'float',
      'for',
      'goto',
      'if',
      'inline',
      'int',
      'long',
      'register',
      'restrict',
      'return',
      'short',
      'signed',
      'sizeof',
      'static',
      'struct',
      'switch',
      'typedef',
      'union',
      'unsigned',
      'void',
      'volatile',
      'while',
      '_Bool',
      '_Complex',
      '_Imaginary',
    ]),
  },
  // Without --use-dirty-headers (off by default), clangd reads a header from the disk.
  includesFromDisk: true,
  wake: {
    // Without a compile_commands.json, clangd knows the open files only.
    searches: [{ kind: 'compileDatabase', databases: '**/compile_commands.json', sources: '**/*.{c,cc,cpp,cxx}' }],
    projectsBeforeFileQuestion: true,
    emptyWhileStarting: true,
  },
  settle: { growsWhileLoading: false },
  closedFile: { kind: 'published' },
  implementationProvider: false,
  backgroundIndex: {
    databases: '**/compile_commands.json',
    translationUnits,
    indexFolders: shardFolders,
    unitsWithoutEntry: unitsWithoutShard,
  },
};
