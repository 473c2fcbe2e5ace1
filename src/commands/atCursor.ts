// Where the person is: the active editor's file and cursor, as a tool's one-based arguments, and a
// palette query run there (a hint when no editor is open, then progress, present, a failure as a warning).
import * as vscode from 'vscode';
import { runFromCommand } from './runFromCommand';

/** A tool's position arguments: one-based line and UTF-16 character. */
export interface CursorAt {
  file_path: string;
  line: number;
  character: number;
}

/** The active file as a tool's file_path: workspace-relative when it can be, so titles read like the tool's. */
export function activeFilePath(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  return editor ? filePathOf(editor.document.uri) : undefined;
}

function filePathOf(uri: vscode.Uri): string {
  const inside = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  return inside ? vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1) : uri.toString();
}

/** The active editor's cursor, or undefined when there is no editor. */
export function cursorAt(): CursorAt | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { line, character } = editor.selection.active;
  return { file_path: filePathOf(editor.document.uri), line: line + 1, character: character + 1 };
}

/**
 * A palette or menu query at the cursor: without an editor it says what to do and resolves undefined;
 * otherwise it runs as runFromCommand does.
 */
export function runAtCursor<O>(
  title: string,
  execute: (at: CursorAt, token: vscode.CancellationToken) => Promise<O>,
  present: (outcome: O) => Promise<void>,
): Promise<O | undefined> {
  const at = cursorAt();
  if (!at) {
    void vscode.window.showInformationMessage(vscode.l10n.t('LSP: open a file and put the cursor on a symbol first.'));
    return Promise.resolve(undefined);
  }
  return runFromCommand(title, (token) => execute(at, token), present);
}

/** Tells the person when no language provider answered, which an empty card alone would not. */
export function sayIfNoProvider(completeness: string): void {
  if (completeness === 'noProvider') void vscode.window.showInformationMessage(vscode.l10n.t('LSP: no language provider answered for this file.'));
}
