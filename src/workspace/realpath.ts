// Symlink resolution for file: URIs. Where the extension host has a disk (disk.ts), links resolve.
// The web worker has no file system API that resolves symbolic links, so a path that exists is its
// own "real" path: the outside-workspace check then goes by the path as written, like
// vscode.workspace.fs.stat, which follows links without saying where they lead (a link inside a
// folder that points outside counts as inside in the web worker host; the Node host resolves it).
import * as vscode from 'vscode';
import { nodeDisk } from './disk';

export async function realFsPath(fsPath: string): Promise<string | undefined> {
  const disk = nodeDisk();
  if (disk) return disk.resolveLinks(fsPath);
  try {
    await vscode.workspace.fs.stat(vscode.Uri.file(fsPath));
    return fsPath;
  } catch {
    return undefined;
  }
}
