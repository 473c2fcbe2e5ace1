// Palette and context-menu queries at the active cursor; results go to the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspOperation } from '../engine/result';
import { Command } from '../ids';
import type { QueryEngine, QueryOutcome } from '../tools/lsp/query';
import type { Present } from '../tools/present';
import { runFromCommand } from './runFromCommand';

export interface PaletteDeps {
  engine: QueryEngine;
  outcomes: RecentOutcomes;
  show: Present;
  card: CardViewProvider;
}

const OPERATIONS: [string, LspOperation][] = [
  [Command.goToDefinition, 'goToDefinition'],
  [Command.findReferences, 'findReferences'],
  [Command.goToImplementation, 'goToImplementation'],
  [Command.hover, 'hover'],
];

/** The tool's input for the active editor's cursor, or undefined when there is no editor. */
export function inputAtCursor(operation: LspOperation): { operation: LspOperation; file_path: string; line: number; character: number } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { line, character } = editor.selection.active;
  const { uri } = editor.document;
  // Workspace-relative when possible, so the card title reads like the tool's.
  const inside = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  const filePath = inside ? vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1) : uri.toString();
  return { operation, file_path: filePath, line: line + 1, character: character + 1 };
}

async function runAtCursor(operation: LspOperation, deps: PaletteDeps): Promise<QueryOutcome | undefined> {
  const input = inputAtCursor(operation);
  if (!input) {
    void vscode.window.showInformationMessage(vscode.l10n.t('LSP: open a file and put the cursor on a symbol first.'));
    return undefined;
  }
  return runFromCommand(vscode.l10n.t('LSP: {0}', operation), (token) => deps.engine.execute(input, token), async (outcome) => {
    await deps.show(deps.outcomes.record(outcome, 'command'), outcome, 'command');
    const { result } = outcome;
    if (result.completeness === 'noProvider') {
      void vscode.window.showInformationMessage(vscode.l10n.t('LSP: no language provider answered for this file.'));
    }
    if (operation === 'goToDefinition' && result.kind === 'locations' && result.locations.length === 1) {
      const [target] = result.locations;
      const start = new vscode.Position(target!.range.start.line, target!.range.start.character);
      await vscode.window.showTextDocument(vscode.Uri.parse(target!.uri, true), { selection: new vscode.Range(start, start) });
    } else {
      await deps.card.reveal(true);
    }
  });
}

export function register(deps: PaletteDeps): vscode.Disposable {
  return vscode.Disposable.from(
    ...OPERATIONS.map(([id, operation]) => vscode.commands.registerCommand(id, () => runAtCursor(operation, deps))),
    vscode.commands.registerCommand(Command.showCard, () => deps.card.reveal(false)),
  );
}
