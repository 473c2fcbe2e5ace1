// The engine's Workspace over VS Code: file_path resolution, documents, preview lines, folders.
// It owns the caches behind them (resolutions, preview lines).
import * as vscode from 'vscode';
import type { DocumentSnapshot, ResolvedFile, WakeCandidate, Workspace } from '../engine/ports';
import type { WorkspaceRoot } from '../text/displayPath';
import { SourceLines } from '../workspace/lines';
import { parseUri } from '../workspace/parsedUri';
import { findWakeCandidates } from './languageWake';
import { ResolutionCache } from '../workspace/resolveFile';
import { folderOf, workspaceRoots } from '../workspace/roots';

/** Documents kept by openDocument: more than an agent works on at once. */
const OPENED_LIMIT = 64;

export class VscodeWorkspace implements Workspace {
  readonly resolutions = new ResolutionCache();
  readonly lines = new SourceLines();
  /**
   * Documents openDocument opened, by URI string: while one is not closed it is the object
   * openTextDocument would return, without that call's round of promises on every query.
   */
  private readonly opened = new Map<string, vscode.TextDocument>();

  async resolveFile(filePath: string, tool: string): Promise<ResolvedFile> {
    const file = await this.resolutions.resolve(filePath, tool);
    return { uri: file.uri.toString(), inside: file.inside };
  }

  async openDocument(uri: string): Promise<DocumentSnapshot> {
    const document = await this.document(uri);
    return {
      uri: document.uri.toString(),
      languageId: document.languageId,
      lineCount: document.lineCount,
      lineText: (line) => document.lineAt(line).text,
    };
  }

  private async document(uri: string): Promise<vscode.TextDocument> {
    const kept = this.opened.get(uri);
    if (kept !== undefined && !kept.isClosed) return kept;
    this.opened.delete(uri);
    const document = await vscode.workspace.openTextDocument(parseUri(uri));
    if (this.opened.size >= OPENED_LIMIT) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(uri, document);
    return document;
  }

  readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    return this.lines.read(uris, known);
  }

  roots(): WorkspaceRoot[] {
    return workspaceRoots();
  }

  folderOf(uri: string): string {
    return folderOf(parseUri(uri));
  }

  openDocumentUris(): ReadonlySet<string> {
    return new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  }

  /** The files that wake each language's server, found once per set of folders. */
  private candidates: Promise<WakeCandidate[]> | undefined;
  private candidateFolders = '';

  wakeCandidates(): Promise<WakeCandidate[]> {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()).join('\n');
    if (this.candidates === undefined || folders !== this.candidateFolders) {
      this.candidateFolders = folders;
      this.candidates = findWakeCandidates();
    }
    return this.candidates;
  }

  async openInBackground(uris: readonly string[]): Promise<void> {
    // VS Code closes documents nobody shows after a while, and servers then close their projects:
    // open again what is not open now (a warm call finds them all open and opens nothing).
    const open = this.openDocumentUris();
    await Promise.all(
      uris.filter((uri) => !open.has(uri)).map((uri) => vscode.workspace.openTextDocument(vscode.Uri.parse(uri, true)).then(undefined, () => undefined)),
    );
  }
}
