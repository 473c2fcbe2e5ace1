// What the engine's wake (engine/wake.ts) needs from VS Code: which languages installed extensions
// serve (from their manifests), and which files would wake each language's server on the
// workspace's projects (the searches its language profile states, engine/languages/). Opening is
// the workspace adapter's.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../ids';
import { CLAIMED_LANGUAGES, DEFAULT_LANGUAGES, WAKE_SEARCHES, type WakeSearch } from '../engine/languages';
import type { WakeCandidate } from '../engine/ports';
import { folderOf } from '../workspace/roots';

/**
 * Whether this extension host sees the extensions that could provide: `vscode.extensions.all` lists
 * only its own host's, and on the UI side of a remote window (the web worker, or a local host) the
 * language extensions run in the remote one.
 */
export function seesLanguageExtensions(): boolean {
  return vscode.env.remoteName === undefined || vscode.extensions.getExtension(EXTENSION_ID)?.extensionKind !== vscode.ExtensionKind.UI;
}

interface Manifest {
  main?: unknown;
  browser?: unknown;
  activationEvents?: unknown;
  contributes?: { languages?: unknown };
}

function contributedLanguages(pkg: Manifest): { id: string; extensions: string[] }[] {
  const languages = Array.isArray(pkg.contributes?.languages) ? (pkg.contributes.languages as unknown[]) : [];
  return languages.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, extensions } = entry as { id?: unknown; extensions?: unknown };
    if (typeof id !== 'string') return [];
    return [{ id, extensions: Array.isArray(extensions) ? extensions.filter((e): e is string => typeof e === 'string') : [] }];
  });
}

/**
 * An extension serves a language when it has code and activates on the language: by
 * `onLanguage:<id>`, or by contributing the language (VS Code activates such an extension on it
 * without the event being listed). Extensions that activate on everything (`*`) say nothing about
 * which languages they serve.
 */
export function servesLanguage(languageId: string): boolean {
  if (languageId === 'plaintext') return false;
  if (!seesLanguageExtensions()) return true;
  return vscode.extensions.all.some((extension) => {
    const pkg = extension.packageJSON as Manifest;
    if (pkg.main === undefined && pkg.browser === undefined) return false;
    const events = Array.isArray(pkg.activationEvents) ? (pkg.activationEvents as unknown[]) : [];
    return events.includes(`onLanguage:${languageId}`) || contributedLanguages(pkg).some((l) => l.id === languageId);
  });
}

function extensionOf(uri: vscode.Uri): string {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot);
}

/** The language id of a file by its name, without opening it (the extensions' associations, else VS Code's defaults). */
export function languageOfFile(uri: vscode.Uri): string | undefined {
  return languageOf(uri, contributedAssociations());
}

/** The language id of a file, without opening it: the extensions' contributed associations, else VS Code's defaults. */
function languageOf(uri: vscode.Uri, byExtension: ReadonlyMap<string, string>): string | undefined {
  const extension = extensionOf(uri);
  return byExtension.get(extension) ?? DEFAULT_LANGUAGES[extension];
}

function contributedAssociations(): Map<string, string> {
  const map = new Map<string, string>();
  for (const extension of vscode.extensions.all) {
    for (const language of contributedLanguages(extension.packageJSON as Manifest)) {
      for (const ext of language.extensions) if (!map.has(ext.toLowerCase())) map.set(ext.toLowerCase(), language.id);
    }
  }
  for (const [ext, languageId] of Object.entries(CLAIMED_LANGUAGES)) map.set(ext, languageId);
  return map;
}

const NOT_SOURCES = '**/{node_modules,.git,out,dist}/**';
const NOT_OTHER_SOURCES = '**/{node_modules,.git,out,dist,.venv,venv,__pycache__,target,vendor,testdata}/**';
/** Markers looked at per ecosystem at most: the engine opens at most ten files in all. */
const MAX_MARKERS = 10;

async function firstSource(base: vscode.Uri | undefined, sources: string, avoid?: RegExp): Promise<vscode.Uri | undefined> {
  const pattern = base === undefined ? sources : new vscode.RelativePattern(base, sources);
  const found = await vscode.workspace.findFiles(pattern, NOT_OTHER_SOURCES, 5);
  return found.find((uri) => !avoid?.test(uri.path)) ?? found[0];
}

/**
 * One source file for each project a config marks (TypeScript's and JavaScript's: a tsconfig.json or
 * jsconfig.json outside node_modules, up to MAX_MARKERS), and one for each folder that has sources
 * but no such file.
 */
async function configFiles(search: Extract<WakeSearch, { kind: 'configs' }>): Promise<vscode.Uri[]> {
  const configs = await vscode.workspace.findFiles(search.configs, NOT_SOURCES, MAX_MARKERS);
  const picked = await Promise.all(
    configs.map(async (config) => {
      const [file] = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.joinPath(config, '..'), search.sources), NOT_SOURCES, 1);
      return file;
    }),
  );
  const withConfig = new Set(configs.map((config) => folderOf(config)));
  const bare = await Promise.all(
    (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => !withConfig.has(folder.uri.toString()))
      .map(async (folder) => (await vscode.workspace.findFiles(new vscode.RelativePattern(folder, search.sources), NOT_SOURCES, 1))[0]),
  );
  return [...picked, ...bare].filter((uri): uri is vscode.Uri => uri !== undefined);
}

/** The first translation unit a compile_commands.json lists that exists inside a workspace folder: opening it makes clangd load the database. */
async function compileCommandsFile(database: vscode.Uri): Promise<vscode.Uri | undefined> {
  const stat = await vscode.workspace.fs.stat(database);
  // Reading a huge database (a browser's) to pick one file is not worth it: the sources fallback still wakes clangd.
  if (stat.size > 20_000_000) return undefined;
  const entries: unknown = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(database)));
  if (!Array.isArray(entries)) return undefined;
  for (const entry of entries.slice(0, 50)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { directory, file } = entry as { directory?: unknown; file?: unknown };
    if (typeof file !== 'string') continue;
    const absolute = file.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(file);
    const uri = absolute ? vscode.Uri.file(file) : typeof directory === 'string' ? vscode.Uri.joinPath(vscode.Uri.file(directory), file) : undefined;
    if (uri === undefined || !vscode.workspace.getWorkspaceFolder(uri)) continue;
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (exists) return uri;
  }
  return undefined;
}

/** One file each compile database lists (clangd's compile_commands.json); without one, clangd knows the open files only: any source. */
async function databaseFiles(search: Extract<WakeSearch, { kind: 'compileDatabase' }>): Promise<vscode.Uri[]> {
  const databases = await vscode.workspace.findFiles(search.databases, '**/{node_modules,.git}/**', MAX_MARKERS);
  const listed = await Promise.all(databases.map((db) => compileCommandsFile(db).then(undefined, () => undefined)));
  const files = listed.filter((uri): uri is vscode.Uri => uri !== undefined);
  if (files.length > 0) return files;
  const any = await firstSource(undefined, search.sources);
  return any === undefined ? [] : [any];
}

async function markedFiles(ecosystem: Extract<WakeSearch, { kind: 'markers' }>): Promise<vscode.Uri[]> {
  const markers = await vscode.workspace.findFiles(ecosystem.markers, NOT_OTHER_SOURCES, MAX_MARKERS);
  const picked = await Promise.all(markers.map((marker) => firstSource(vscode.Uri.joinPath(marker, '..'), ecosystem.sources, ecosystem.avoid)));
  const files = picked.filter((uri): uri is vscode.Uri => uri !== undefined);
  if (files.length > 0) return files;
  // No marker (a folder of Python modules): one file of the language still starts its server on the folder.
  const any = await firstSource(undefined, ecosystem.sources, ecosystem.avoid);
  return any === undefined ? [] : [any];
}

function searchFiles(search: WakeSearch): Promise<vscode.Uri[]> {
  if (search.kind === 'configs') return configFiles(search);
  if (search.kind === 'compileDatabase') return databaseFiles(search);
  return markedFiles(search);
}

/** Every wake candidate of the workspace, in the profiles' order: TypeScript's projects first (as before), then the other ecosystems'. */
export async function findWakeCandidates(): Promise<WakeCandidate[]> {
  const associations = contributedAssociations();
  const groups = await Promise.all(WAKE_SEARCHES.map((search) => searchFiles(search).then(undefined, (): vscode.Uri[] => [])));
  const candidates: WakeCandidate[] = [];
  for (const uri of groups.flat()) {
    const languageId = languageOf(uri, associations);
    if (languageId !== undefined) candidates.push({ uri: uri.toString(), languageId, folder: folderOf(uri) });
  }
  return candidates;
}
