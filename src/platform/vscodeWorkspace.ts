// The engine's Workspace over VS Code: file_path resolution, documents, preview lines, folders.
// It owns the caches behind them (resolutions, preview lines).
import * as vscode from 'vscode';
import { keepNewest } from '../engine/keptMap';
import type { DocumentSnapshot, FileView, IndexProgress, KnownDocument, ResolvedFile, WakeCandidate, Workspace } from '../engine/ports';
import type { WorkspaceRoot } from '../text/displayPath';
import { SourceLines } from '../workspace/lines';
import { BackgroundIndexes } from './backgroundIndexes';
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
    return snapshot(await this.document(uri));
  }

  knownDocument(filePath: string): KnownDocument | undefined {
    const file = this.resolutions.peek(filePath);
    if (file === undefined) return undefined;
    const document = this.opened.get(file.uri.toString());
    if (document === undefined || document.isClosed) return undefined;
    return { document: snapshot(document), folder: this.folderOf(file.uri.toString()), inside: file.inside };
  }

  private async document(uri: string): Promise<vscode.TextDocument> {
    const kept = this.opened.get(uri);
    if (kept !== undefined && !kept.isClosed) return kept;
    this.opened.delete(uri);
    const document = await vscode.workspace.openTextDocument(parseUri(uri));
    keepNewest(this.opened, uri, document, OPENED_LIMIT);
    return document;
  }

  readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    return this.lines.read(uris, known);
  }

  fileViews(uris: readonly string[], known?: ReadonlyMap<string, FileView>): Promise<Map<string, FileView>> {
    return this.lines.views(uris, known);
  }

  roots(): WorkspaceRoot[] {
    return workspaceRoots();
  }

  /** folderOf's answers by URI string, kept while the resolutions are (folder changes forget both). */
  private readonly folders = new Map<string, string>();
  private foldersEra = -1;

  folderOf(uri: string): string {
    if (this.foldersEra !== this.resolutions.era) {
      this.folders.clear();
      this.foldersEra = this.resolutions.era;
    }
    let folder = this.folders.get(uri);
    if (folder === undefined) {
      folder = folderOf(parseUri(uri));
      keepNewest(this.folders, uri, folder, OPENED_LIMIT);
    }
    return folder;
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

  private readonly indexes = new BackgroundIndexes();

  indexProgress(): Promise<IndexProgress[]> {
    return this.indexes.progress().catch((): IndexProgress[] => []);
  }
}

function snapshot(document: vscode.TextDocument): DocumentSnapshot {
  return {
    uri: document.uri.toString(),
    languageId: document.languageId,
    lineCount: document.lineCount,
    lineText: (line) => document.lineAt(line).text,
    isDirty: () => document.isDirty,
  };
}
