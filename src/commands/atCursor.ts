// Where the person is: the active editor's file and cursor, as a tool's one-based arguments, and a
// palette query run there (with no editor, a symbol asked for by name; then progress, present, a
// failure as a warning).
import * as vscode from 'vscode';
import type { CallPath } from '../calls/callPath';
import type { LspSymbol } from '../engine/result';
import { declarationsNamed } from '../engine/symbolRank';
import { symbolsTool } from '../tools/lsp_symbols';
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

/** A declaration's name as a tool's position arguments. */
function symbolAt(symbol: LspSymbol): CursorAt {
  const { line, character } = symbol.selectionRange.start;
  return { file_path: filePathOf(vscode.Uri.parse(symbol.uri, true)), line: line + 1, character: character + 1 };
}

/**
 * With no editor (a walkthrough, the Welcome page, a webview in front): the symbol to ask about, by
 * name. The one declaration of exactly that name (or the one match) is taken; otherwise the person
 * picks among those declarations (or the matches).
 */
async function askForSymbol(calls: CallPath, title: string): Promise<CursorAt | undefined> {
  const name = (
    await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('No editor has a cursor here: the name of the symbol to ask about, or part of it'),
      // Asked from a walkthrough's button, which takes the focus back: the box stays until answered.
      ignoreFocusOut: true,
    })
  )?.trim();
  if (!name) return undefined;
  const found = await runFromCommand(
    vscode.l10n.t('LSP: symbols {0}', name),
    (token) => calls.execute(symbolsTool, { query: name }, token),
    () => Promise.resolve(),
  );
  if (!found) return undefined;
  const symbols = found.result.symbols;
  if (symbols.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('LSP: no symbol in the workspace is named like "{0}". Open a file and put the cursor on one.', name),
    );
    return undefined;
  }
  const exact = declarationsNamed(symbols, name);
  const candidates = exact.length > 0 ? exact : symbols;
  if (candidates.length === 1) return symbolAt(candidates[0]!);
  const picked = await vscode.window.showQuickPick(
    candidates.map((symbol) => {
      const at = symbolAt(symbol);
      return {
        label: symbol.name,
        description: symbol.containerName ? `${symbol.kind} · ${symbol.containerName}` : symbol.kind,
        detail: `${at.file_path}:${at.line}:${at.character}`,
        at,
      };
    }),
    { title, placeHolder: vscode.l10n.t('Which "{0}"?', name), matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true },
  );
  return picked?.at;
}

/**
 * A palette or menu query at the cursor: without an editor it asks for a symbol by name (and
 * resolves undefined when the person gives none); then it runs as runFromCommand does.
 */
export async function runAtCursor<O>(
  calls: CallPath,
  title: string,
  execute: (at: CursorAt, token: vscode.CancellationToken) => Promise<O>,
  present: (outcome: O) => Promise<void>,
): Promise<O | undefined> {
  const at = cursorAt() ?? (await askForSymbol(calls, title));
  if (!at) return undefined;
  return runFromCommand(title, (token) => execute(at, token), present);
}

/** Tells the person when no language provider answered, which an empty card alone would not. */
export function sayIfNoProvider(completeness: string): void {
  if (completeness === 'noProvider') void vscode.window.showInformationMessage(vscode.l10n.t('LSP: no language provider answered for this file.'));
}
