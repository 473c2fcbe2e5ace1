// "LSP: Find Symbol…" (a name from an input box) and "LSP: Show Outline" (the active file): the
// lsp_symbols questions from the palette, answered in the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { CallPath } from '../calls/callPath';
import { symbolsTool } from '../tools/lsp_symbols';
import type { SymbolsOutcome } from '../tools/lsp_symbols/engine';
import { Command } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';
import { activeFilePath } from './atCursor';
import { callFromCommand, runFromCommand } from './runFromCommand';

export interface SymbolCommandsDeps {
  calls: CallPath;
  card: CardViewProvider;
}

function run(deps: SymbolCommandsDeps, input: { query?: string; file_path?: string }, title: string): Promise<SymbolsOutcome | undefined> {
  return runFromCommand(
    title,
    (token) => callFromCommand(deps.calls, symbolsTool, input, token),
    () => deps.card.reveal(true),
  );
}

/** `name`: given by a script or test; otherwise asked for, starting from the word at the cursor. */
async function findSymbol(deps: SymbolCommandsDeps, name?: unknown): Promise<SymbolsOutcome | undefined> {
  let query = typeof name === 'string' ? name : undefined;
  if (query === undefined) {
    const editor = vscode.window.activeTextEditor;
    const word = editor ? editor.document.getText(editor.document.getWordRangeAtPosition(editor.selection.active)) : '';
    query = await vscode.window.showInputBox({
      title: vscode.l10n.t('LSP: Find Symbol'),
      prompt: vscode.l10n.t('A symbol name, or part of one'),
      value: word,
      valueSelection: [0, word.length],
      // Run from a walkthrough's button, which takes the focus back: the box stays until answered.
      ignoreFocusOut: true,
    });
  }
  if (query === undefined || query.trim() === '') return undefined;
  return run(deps, { query }, vscode.l10n.t('LSP: symbols {0}', query));
}

async function showOutline(deps: SymbolCommandsDeps): Promise<SymbolsOutcome | undefined> {
  const filePath = activeFilePath();
  if (filePath === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('LSP: open a file first.'));
    return undefined;
  }
  return run(deps, { file_path: filePath }, vscode.l10n.t('LSP: outline {0}', filePath));
}

export function register(deps: SymbolCommandsDeps, command: RegisterCommand): vscode.Disposable {
  return vscode.Disposable.from(
    command(Command.findSymbol, (name?: unknown) => findSymbol(deps, name)),
    command(Command.showOutline, () => showOutline(deps)),
  );
}
