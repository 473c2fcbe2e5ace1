// Source lines for previews, without opening documents (opening would make servers load them).
import * as vscode from 'vscode';
import { fileBytes, fileStat } from './files';

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
        const stat = await fileStat(uri);
        if (stat === undefined || stat.size > MAX_PREVIEW_FILE_BYTES) return;
        lines.set(uriText, decoder.decode(await fileBytes(uri)).split(/\r?\n/));
      } catch {
        // A location in a file we cannot read keeps its path:line:col without a preview.
      }
    }),
  );
  return lines;
}
