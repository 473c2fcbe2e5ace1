// Source lines for previews, without opening documents (opening would make servers load them).
// Lines are kept between queries (sourceLineCache.ts): an open document's under its version, a
// file's under its stamp (size and times), so an unchanged file costs one stat instead of a read,
// a decode and a split (docs/performance.md).
import * as vscode from 'vscode';
import { fileBytes, fileStat, stampOf } from './files';
import { SourceLineCache } from './sourceLineCache';

const MAX_PREVIEW_FILE_BYTES = 4_000_000;
const CACHE_CHARS = 16_000_000;

const decoder = new TextDecoder('utf-8');

/** The lines kept for `uriText` under `stamp`, else those of `text()`, kept under it. */
async function keptLines(cache: SourceLineCache, uriText: string, stamp: string, text: () => string | Promise<string>): Promise<string[]> {
  const known = cache.get(uriText, stamp);
  if (known) return known;
  const source = await text();
  const lines = source.split(/\r?\n/);
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

/** Preview lines for one extension: its own cache, about 32 MB of UTF-16, many projects' worth of the files answers point into. */
export class SourceLines {
  private readonly cache = new SourceLineCache(CACHE_CHARS);

  read(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    return readLines(this.cache, uris, known);
  }
}
