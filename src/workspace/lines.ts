// Source lines for previews, without opening documents (opening would make servers load them).
import * as vscode from 'vscode';
import { diskRead, diskStat, hasDisk } from './disk';

const MAX_PREVIEW_FILE_BYTES = 4_000_000;

/** Lines of each URI's file; `known` holds files already read for this query, which are not read again. */
export async function readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
  const lines = new Map<string, string[]>(known);
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  const decoder = new TextDecoder('utf-8');
  await Promise.all(
    [...new Set(uris)].filter((uriText) => !lines.has(uriText)).map(async (uriText) => {
      const doc = open.get(uriText);
      if (doc) {
        lines.set(uriText, doc.getText().split(/\r?\n/));
        return;
      }
      try {
        const uri = vscode.Uri.parse(uriText, true);
        const local = hasDisk && uri.scheme === 'file';
        const size = local ? (await diskStat(uri.fsPath))?.size : (await vscode.workspace.fs.stat(uri)).size;
        if (size === undefined || size > MAX_PREVIEW_FILE_BYTES) return;
        const bytes = local ? await diskRead(uri.fsPath) : await vscode.workspace.fs.readFile(uri);
        lines.set(uriText, decoder.decode(bytes).split(/\r?\n/));
      } catch {
        // A location in a file we cannot read keeps its path:line:col without a preview.
      }
    }),
  );
  return lines;
}
