// The engine's Workspace over VS Code: file_path resolution, documents, preview lines, folders.
// It owns the caches behind them (resolutions, preview lines).
import * as vscode from 'vscode';
import type { DocumentSnapshot, ResolvedFile, Workspace } from '../engine/ports';
import type { WorkspaceRoot } from '../text/displayPath';
import { SourceLines } from '../workspace/lines';
import { ResolutionCache } from '../workspace/resolveFile';
import { folderOf, workspaceRoots } from '../workspace/roots';

export class VscodeWorkspace implements Workspace {
  readonly resolutions = new ResolutionCache();
  readonly lines = new SourceLines();

  async resolveFile(filePath: string): Promise<ResolvedFile> {
    const file = await this.resolutions.resolve(filePath);
    return { uri: file.uri.toString(), inside: file.inside };
  }

  async openDocument(uri: string): Promise<DocumentSnapshot> {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri, true));
    return {
      uri: document.uri.toString(),
      languageId: document.languageId,
      lineCount: document.lineCount,
      lineText: (line) => document.lineAt(line).text,
    };
  }

  readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    return this.lines.read(uris, known);
  }

  roots(): WorkspaceRoot[] {
    return workspaceRoots();
  }

  folderOf(uri: string): string {
    return folderOf(vscode.Uri.parse(uri, true));
  }

  openDocumentUris(): ReadonlySet<string> {
    return new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  }
}
