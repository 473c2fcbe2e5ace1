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

  async resolveFile(filePath: string, tool: string): Promise<ResolvedFile> {
    const file = await this.resolutions.resolve(filePath, tool);
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

  /** The source files opened for their projects, found once per set of folders. */
  private projectFiles: Promise<vscode.Uri[]> | undefined;
  private projectFolders = '';

  async loadProjects(): Promise<string[]> {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()).join('\n');
    if (this.projectFiles === undefined || folders !== this.projectFolders) {
      this.projectFolders = folders;
      this.projectFiles = findProjectFiles();
    }
    const files = await this.projectFiles;
    // VS Code closes documents nobody shows after a while, and servers then close their projects:
    // open again what is not open now (a warm call finds them all open and opens nothing).
    const open = this.openDocumentUris();
    await Promise.all(files.filter((uri) => !open.has(uri.toString())).map((uri) => vscode.workspace.openTextDocument(uri).then(undefined, () => undefined)));
    return [...new Set(files.map((uri) => folderOf(uri)))];
  }
}

const SOURCE_FILES = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const NOT_SOURCES = '**/{node_modules,.git,out,dist}/**';
/** Projects opened at most: enough for a monorepo's packages, few enough to keep a cold start short. */
const MAX_PROJECTS = 10;

/**
 * One source file for each TypeScript/JavaScript project (a tsconfig.json or jsconfig.json outside
 * node_modules, up to MAX_PROJECTS), and one for each folder that has sources but no such file.
 * tsserver loads a project only when one of its files is open, and answers workspace symbol
 * searches from the projects it has loaded.
 */
async function findProjectFiles(): Promise<vscode.Uri[]> {
  const configs = await vscode.workspace.findFiles('**/{tsconfig,jsconfig}.json', NOT_SOURCES, MAX_PROJECTS);
  const picked = await Promise.all(
    configs.map(async (config) => {
      const [file] = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.joinPath(config, '..'), SOURCE_FILES), NOT_SOURCES, 1);
      return file;
    }),
  );
  const withConfig = new Set(configs.map((config) => folderOf(config)));
  const bare = await Promise.all(
    (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => !withConfig.has(folder.uri.toString()))
      .map(async (folder) => (await vscode.workspace.findFiles(new vscode.RelativePattern(folder, SOURCE_FILES), NOT_SOURCES, 1))[0]),
  );
  const files = [...picked, ...bare].filter((uri): uri is vscode.Uri => uri !== undefined);
  return [...new Map(files.map((uri) => [uri.toString(), uri])).values()];
}
