// Cools the engine's readiness when a language server reloads its project, so the next query on
// it waits for complete answers again.
import * as vscode from 'vscode';
import type { WarmKeys } from '../engine/readiness';
import { folderOf } from '../workspace/roots';

/**
 * - Files appeared or vanished (`watcher`: creations and deletions): the server reloads its project
 *   and answers partially again (seen: a warm tsserver answering a few of 172 references right
 *   after files were created and deleted).
 * - The last open file of a language in a folder closed: servers such as tsserver close the
 *   project then, and load it again, answering partially, when one opens.
 * - A file outside every folder opened: servers load another project for it.
 */
export function watchReadiness(warm: WarmKeys, watcher: vscode.FileSystemWatcher): vscode.Disposable {
  const onClose = (closed: vscode.TextDocument): void => {
    const folder = folderOf(closed.uri);
    const stillOpen = vscode.workspace.textDocuments.some(
      (d) => d !== closed && !d.isClosed && d.languageId === closed.languageId && folderOf(d.uri) === folder,
    );
    if (!stillOpen) warm.coolFolder(folder, closed.languageId);
  };
  return vscode.Disposable.from(
    watcher.onDidCreate((uri) => warm.coolFolder(folderOf(uri))),
    watcher.onDidDelete((uri) => warm.coolFolder(folderOf(uri))),
    vscode.workspace.onDidCloseTextDocument(onClose),
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (document.uri.scheme === 'file' && !vscode.workspace.getWorkspaceFolder(document.uri)) warm.coolLanguage(document.languageId);
    }),
  );
}
