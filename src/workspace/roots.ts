// The open workspace folders as plain data for the pure renderers, and the folder that owns a URI.
import * as vscode from 'vscode';
import type { WorkspaceRoot } from '../text/displayPath';

export function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, uri: f.uri.toString() }));
}

/** Canonical folder URI for a document: its own folder, else the first one (else its file system's root). */
export function folderOf(uri: vscode.Uri): string {
  const folder = vscode.workspace.getWorkspaceFolder(uri) ?? vscode.workspace.workspaceFolders?.[0];
  return (folder?.uri ?? uri.with({ path: '/' })).toString();
}
