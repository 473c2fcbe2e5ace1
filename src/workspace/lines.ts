// Source lines for previews, without opening documents (opening would make servers load them).
// Lines are kept between queries (sourceLineCache.ts): an open document's under its version, a
// file's under its stamp (size and times), so an unchanged file costs one stat instead of a read,
// a decode and a split (docs/performance.md).
import * as vscode from 'vscode';
import { fileBytes, fileStat, stampOf } from './files';
import { nodeDisk, type DiskStat } from './disk';
import { SourceLineCache } from './sourceLineCache';
import type { FileView } from '../engine/ports';

const MAX_PREVIEW_FILE_BYTES = 4_000_000;
const CACHE_CHARS = 16_000_000;

const decoder = new TextDecoder('utf-8');

/** The lines kept for `uriText` under `stamp`, else those of `text()`, kept under it. */
async function keptLines(cache: SourceLineCache, uriText: string, stamp: string, text: () => string | Promise<string>): Promise<string[]> {
  const known = cache.get(uriText, stamp);
  if (known) return known;
  const source = await text();
  // Line breaks as VS Code counts them (a lone \r too): a server's line number is the same line here.
  const lines = source.split(/\r\n|\r|\n/);
  cache.set(uriText, stamp, lines, source.length);
  return lines;
}

async function linesOf(cache: SourceLineCache, uriText: string, open: ReadonlyMap<string, vscode.TextDocument>): Promise<string[] | undefined> {
  const doc = open.get(uriText);
  if (doc) return keptLines(cache, uriText, `v${doc.version}`, () => doc.getText());
  try {
    const uri = vscode.Uri.parse(uriText, true);
    const stat = await fileStat(uri);
    if (stat === undefined || stat.directory || stat.size > MAX_PREVIEW_FILE_BYTES) return undefined;
    return await keptLines(cache, uriText, stampOf(stat), async () => decoder.decode(await fileBytes(uri)));
  } catch {
    // A location in a file we cannot read keeps its path:line:col without a preview.
    return undefined;
  }
}

/** Lines of each URI's file; `known` holds files already read for this query, which are not read again. */
export async function readLines(cache: SourceLineCache, uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
  const lines = new Map<string, string[]>(known);
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  await Promise.all(
    [...new Set(uris)]
      .filter((uriText) => !lines.has(uriText))
      .map(async (uriText) => {
        const found = await linesOf(cache, uriText, open);
        if (found) lines.set(uriText, found);
      }),
  );
  return lines;
}

/** Whether a URI's file is there: its stat, 'gone' when its file system says so, undefined when it cannot tell. */
async function presence(uri: vscode.Uri): Promise<DiskStat | 'gone' | undefined> {
  if (uri.scheme === 'file' && nodeDisk() !== undefined) return (await fileStat(uri)) ?? 'gone';
  // A scheme no file system serves (untitled:, a server's virtual documents) cannot be told gone.
  if (vscode.workspace.fs.isWritableFileSystem(uri.scheme) === undefined) return undefined;
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return { size: stat.size, directory: (stat.type & vscode.FileType.Directory) !== 0, mtime: stat.mtime, ctime: stat.ctime };
  } catch (err) {
    return err instanceof vscode.FileSystemError && err.code === 'FileNotFound' ? 'gone' : undefined;
  }
}

/** One file as callers see it: the disk's lines (a clean open document's), and the editor's when it has unsaved changes. */
async function viewOf(cache: SourceLineCache, uriText: string, open: ReadonlyMap<string, vscode.TextDocument>): Promise<FileView> {
  try {
    const uri = vscode.Uri.parse(uriText, true);
    const doc = open.get(uriText);
    const stat = await presence(uri);
    const editor = doc && (await keptLines(cache, uriText, `v${doc.version}`, () => doc.getText()));
    if (stat === 'gone') return editor && doc.isDirty ? { disk: 'gone', unsaved: editor } : { disk: 'gone' };
    if (editor && !doc.isDirty) return { disk: editor };
    const disk =
      stat === undefined || stat.directory || stat.size > MAX_PREVIEW_FILE_BYTES
        ? undefined
        : // Beside an open document's lines (kept under its URI), the disk's under another key.
          await keptLines(cache, editor ? `${uriText}\n` : uriText, stampOf(stat), async () => decoder.decode(await fileBytes(uri)));
    return editor ? { disk, unsaved: editor } : { disk };
  } catch {
    return { disk: undefined };
  }
}

/** Each URI's view (fileViews in engine/ports.ts); `known` are not read again. */
export async function readViews(cache: SourceLineCache, uris: readonly string[], known?: ReadonlyMap<string, FileView>): Promise<Map<string, FileView>> {
  const views = new Map<string, FileView>(known);
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  await Promise.all(
    [...new Set(uris)]
      .filter((uriText) => !views.has(uriText))
      .map(async (uriText) => {
        views.set(uriText, await viewOf(cache, uriText, open));
      }),
  );
  return views;
}

/** Preview lines for one extension: its own cache, about 32 MB of UTF-16, many projects' worth of the files answers point into. */
export class SourceLines {
  private readonly cache = new SourceLineCache(CACHE_CHARS);

  read(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    return readLines(this.cache, uris, known);
  }

  views(uris: readonly string[], known?: ReadonlyMap<string, FileView>): Promise<Map<string, FileView>> {
    return readViews(this.cache, uris, known);
  }
}
