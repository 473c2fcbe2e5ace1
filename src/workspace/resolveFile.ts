// Turns the model's file_path into a document URI: relative to any workspace folder, absolute, or a URI.
import * as vscode from 'vscode';
import { LspToolError } from '../engine/errors';
import { keepNewest } from '../engine/keptMap';
import { classifyPath, uriContains } from './filePath';
import type { DiskStat } from './disk';
import { fileHead, fileStat, stampOf } from './files';
import { realFsPath } from './realpath';

export interface ResolvedFile {
  uri: vscode.Uri;
  folder: vscode.WorkspaceFolder | undefined;
  /** Inside a workspace folder after symlinks are resolved: a link that escapes counts as outside. */
  inside: boolean;
}

/** `tool`: the tool the caller used, so that what to do next is said in its terms. */
function folders(tool: string): readonly vscode.WorkspaceFolder[] {
  const open = vscode.workspace.workspaceFolders ?? [];
  if (open.length === 0) {
    throw new LspToolError(
      'LSP_WORKSPACE_REQUIRED',
      `the ${tool} tool requires an open workspace folder. Open the project folder in VS Code (File > Open Folder), then call ${tool} again.`,
    );
  }
  return open;
}

/** A NUL byte in the first 8 KB marks binary content, as VS Code and git judge it. */
async function isBinary(uri: vscode.Uri): Promise<boolean> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return false;
  try {
    return (await fileHead(uri, 8192)).subarray(0, 8192).includes(0);
  } catch {
    return false;
  }
}

export function owningFolder(uri: vscode.Uri): vscode.WorkspaceFolder | undefined {
  const text = uri.toString();
  let best: vscode.WorkspaceFolder | undefined;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const base = folder.uri.toString();
    if (uriContains(base, text) && (!best || base.length > best.uri.toString().length)) best = folder;
  }
  return best;
}

function describeFolders(list: readonly vscode.WorkspaceFolder[]): string {
  return list.map((f) => `${f.name} (${f.uri.scheme === 'file' ? f.uri.fsPath : f.uri.toString()})`).join(', ');
}

type StatFn = (uri: vscode.Uri) => Promise<DiskStat | undefined>;

/** One stat per URI within a resolution: the candidate search and the checks share them. */
function memoStat(): { stat: StatFn; seen: Map<string, { uri: vscode.Uri; stat: Promise<DiskStat | undefined> }> } {
  const seen = new Map<string, { uri: vscode.Uri; stat: Promise<DiskStat | undefined> }>();
  const stat: StatFn = (uri) => {
    const key = uri.toString();
    let entry = seen.get(key);
    if (!entry) seen.set(key, (entry = { uri, stat: fileStat(uri) }));
    return entry.stat;
  };
  return { stat, seen };
}

async function candidatesFor(raw: string, roots: readonly vscode.WorkspaceFolder[], stat: StatFn, tool: string): Promise<vscode.Uri[]> {
  const ref = classifyPath(raw);
  if (ref.kind === 'uri') {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(ref.uri, true);
    } catch (err) {
      throw new LspToolError('LSP_INVALID_ARGUMENT', `file_path "${raw}" is not a valid URI (${String(err)}). Pass a workspace-relative path instead.`);
    }
    // Only schemes the workspace lives on: never ask a network file system (https:, ...) anything.
    const allowed = new Set(['file', 'untitled', ...roots.map((f) => f.uri.scheme)]);
    if (!allowed.has(uri.scheme)) {
      throw new LspToolError(
        'LSP_INVALID_ARGUMENT',
        `file_path uses the "${uri.scheme}" scheme, which is not a workspace file system. Pass a workspace-relative path, an absolute path or a file: URI.`,
      );
    }
    return [uri];
  }
  if (ref.kind === 'absolute') {
    const base = roots.find((f) => uriContains(f.uri.path, ref.path)) ?? roots[0]!;
    return [vscode.Uri.joinPath(base.uri.with({ path: '/' }), ref.path)];
  }
  const [first, ...rest] = ref.segments;
  if (roots.length > 1 && first !== undefined) {
    const named = roots.filter((f) => f.name === first);
    if (named.length === 1 && rest.length > 0) {
      const uri = vscode.Uri.joinPath(named[0]!.uri, ...rest);
      if (await stat(uri)) return [uri];
    }
  }
  // `..` can lead every root to the same file: that is one candidate, not an ambiguity.
  const unique = [...new Map(roots.map((root) => vscode.Uri.joinPath(root.uri, ...ref.segments)).map((u) => [u.toString(), u])).values()];
  const found = await Promise.all(unique.map(async (uri) => ((await stat(uri)) ? uri : undefined)));
  const existing = found.filter((u): u is vscode.Uri => u !== undefined);
  if (existing.length > 1) {
    const listed = existing.map((u) => `${owningFolder(u)?.name ?? '?'}/${ref.segments.join('/')}`).join(', ');
    throw new LspToolError(
      'LSP_AMBIGUOUS_PATH',
      `file_path "${raw}" exists in more than one workspace folder: ${listed}. Call ${tool} again with one of these as file_path, starting with the folder name.`,
    );
  }
  return existing.length === 1 ? existing : [vscode.Uri.joinPath(roots[0]!.uri, ...ref.segments)];
}

/** docs/contract.md §7.1: larger files are not source a language server should be asked about. */
export const MAX_DOCUMENT_BYTES = 4_000_000;

interface Resolution {
  generation: number;
  file: ResolvedFile;
  /** Every URI the resolution stat'ed, with its stamp then (undefined: it did not exist). */
  looked: { uri: vscode.Uri; stamp: string | undefined }[];
}

/** The stamp a stat found, or undefined when nothing was there. */
async function stampOrNone(stat: Promise<DiskStat | undefined>): Promise<string | undefined> {
  const found = await stat;
  return found === undefined ? undefined : stampOf(found);
}

/**
 * Resolves file_paths, keeping resolutions between queries. An agent asks about the same few files
 * again and again, and a full resolution (candidates, binary check, real paths) is a large part of
 * the tool's own time (docs/performance.md). An entry stands while every path the resolution
 * looked at stats as it did then (existence, and size and times), so a file created in another
 * folder, deleted, or rewritten is seen at once; files created or deleted anywhere in the
 * workspace (links may point elsewhere now) and folder changes drop every entry.
 */
export class ResolutionCache {
  private readonly resolutions = new Map<string, Resolution>();
  private generation = 0;

  constructor(private readonly limit = 256) {}

  /** Changes whenever every entry is forgotten: what else is kept on the same terms can check it. */
  get era(): number {
    return this.generation;
  }

  /** Files appeared or vanished (candidates and links may differ now), or the folders changed. */
  forget(): void {
    this.generation++;
    this.resolutions.clear();
  }

  /** Forgets on the watcher's creations and deletions and on folder changes. */
  watch(watcher: vscode.FileSystemWatcher): vscode.Disposable {
    const forget = (): void => this.forget();
    return vscode.Disposable.from(watcher.onDidCreate(forget), watcher.onDidDelete(forget), vscode.workspace.onDidChangeWorkspaceFolders(forget));
  }

  /** `tool`: the tool the caller used, named in the errors' advice. */
  async resolve(raw: string, tool: string): Promise<ResolvedFile> {
    const roots = folders(tool);
    const known = await this.stillResolved(raw);
    if (known) return known;
    const startedAt = this.generation;
    const { resolved, seen } = await resolveAnew(raw, roots, tool);
    if (startedAt === this.generation) {
      const looked = await Promise.all([...seen.values()].map(async ({ uri, stat }) => ({ uri, stamp: await stampOrNone(stat) })));
      keepNewest(this.resolutions, raw, { generation: startedAt, file: resolved, looked }, this.limit);
    }
    return resolved;
  }

  /** The resolution kept for `raw`, as it was: no look at the disk (what an early question may use). */
  peek(raw: string): ResolvedFile | undefined {
    const entry = this.resolutions.get(raw);
    return entry !== undefined && entry.generation === this.generation ? entry.file : undefined;
  }

  private async stillResolved(raw: string): Promise<ResolvedFile | undefined> {
    const entry = this.resolutions.get(raw);
    if (entry === undefined || entry.generation !== this.generation) return undefined;
    const now = await Promise.all(entry.looked.map((l) => stampOrNone(fileStat(l.uri))));
    const same = now.every((stamp, i) => stamp === entry.looked[i]!.stamp);
    return same && entry.generation === this.generation ? entry.file : undefined;
  }
}

async function resolveAnew(
  raw: string,
  roots: readonly vscode.WorkspaceFolder[],
  tool: string,
): Promise<{ resolved: ResolvedFile; seen: ReturnType<typeof memoStat>['seen'] }> {
  const { stat: statOnce, seen } = memoStat();
  let [uri] = await candidatesFor(raw, roots, statOnce, tool);
  let stat = uri ? await statOnce(uri) : undefined;
  if (!stat && raw.includes('\\') && classifyPath(raw).kind === 'relative') {
    // A Windows-style relative path on a POSIX host: try it with forward slashes.
    [uri] = await candidatesFor(raw.replace(/\\/g, '/'), roots, statOnce, tool);
    stat = uri ? await statOnce(uri) : undefined;
  }
  if (!uri || !stat) {
    throw new LspToolError(
      'LSP_FILE_NOT_FOUND',
      `file_path "${raw}" was not found. Looked in the workspace folder(s) ${describeFolders(roots)}. Pass a path relative to one of them, or an absolute path.`,
    );
  }
  if (stat.directory) {
    throw new LspToolError('LSP_NOT_A_FILE', `file_path "${raw}" is a directory, not a file. Pass the path of a source file inside it.`);
  }
  if (stat.size > MAX_DOCUMENT_BYTES) {
    throw new LspToolError(
      'LSP_FILE_TOO_LARGE',
      `file_path "${raw}" is ${stat.size} bytes, over the ${MAX_DOCUMENT_BYTES}-byte limit for a source file. Query a source file instead, or use text search.`,
    );
  }
  const folder = owningFolder(uri);
  // The symlink check runs beside the binary check: both only read.
  const inside = folder === undefined ? Promise.resolve(false) : realInside(uri, roots);
  if (await isBinary(uri)) {
    throw new LspToolError('LSP_NOT_A_FILE', `file_path "${raw}" is a binary file, not source text. Pass the path of a source file.`);
  }
  return { resolved: { uri, folder, inside: await inside }, seen };
}

/** Compares real paths where the host has a file system; elsewhere the URI decides. */
async function realInside(uri: vscode.Uri, roots: readonly vscode.WorkspaceFolder[]): Promise<boolean> {
  if (uri.scheme !== 'file') return true;
  const fileRoots = roots.filter((root) => root.uri.scheme === 'file');
  const [real, ...realRoots] = await Promise.all([
    realFsPath(uri.fsPath),
    ...fileRoots.map(async (root) => (await realFsPath(root.uri.fsPath)) ?? root.uri.fsPath),
  ]);
  if (real === undefined) return true;
  return realRoots.some((realRoot) => realRoot !== undefined && uriContains(realRoot, real));
}
