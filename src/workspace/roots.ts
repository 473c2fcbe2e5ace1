// The open workspace folders as plain data for the pure renderers.
import * as vscode from 'vscode';
import type { WorkspaceRoot } from '../tool/render';

export function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, uri: f.uri.toString() }));
}
