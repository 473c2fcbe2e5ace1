// The web-worker build's realpath (esbuild.mjs swaps it in for realpath.ts): a web worker has no
// file system API that resolves symbolic links, so a path that exists is its own "real" path. The
// outside-workspace check then goes by the path as written, like vscode.workspace.fs.stat, which
// follows links without saying where they lead: a link inside a folder that points outside counts
// as inside in the web worker host (the Node host resolves it and asks first).
import * as vscode from 'vscode';

export async function realFsPath(fsPath: string): Promise<string | undefined> {
  try {
    await vscode.workspace.fs.stat(vscode.Uri.file(fsPath));
    return fsPath;
  } catch {
    return undefined;
  }
}
