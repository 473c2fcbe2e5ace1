// Palette and context-menu hierarchy queries at the active cursor (Show Callers, Callees, Supertypes,
// Subtypes); the tree goes to the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { HierarchyDirection } from '../engine/ports';
import { Command } from '../ids';
import type { HierarchyToolInput } from '../tools/lsp_hierarchy/input';
import type { HierarchyEngine, HierarchyOutcome } from '../tools/lsp_hierarchy/query';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';
import type { Present } from '../tools/present';
import { runFromCommand } from './runFromCommand';
import { inputAtCursor } from './paletteCommands';

export interface HierarchyCommandDeps {
  engine: HierarchyEngine;
  outcomes: RecentHierarchies;
  show: Present;
  card: CardViewProvider;
}

const DIRECTIONS: [string, HierarchyDirection][] = [
  [Command.showCallers, 'incomingCalls'],
  [Command.showCallees, 'outgoingCalls'],
  [Command.showSupertypes, 'supertypes'],
  [Command.showSubtypes, 'subtypes'],
];

/** lsp_hierarchy's input for the active editor's cursor, or undefined when there is no editor. */
export function hierarchyInputAtCursor(direction: HierarchyDirection): HierarchyToolInput | undefined {
  const at = inputAtCursor('goToDefinition');
  return at && { direction, file_path: at.file_path, line: at.line, character: at.character };
}

async function runAtCursor(direction: HierarchyDirection, deps: HierarchyCommandDeps): Promise<HierarchyOutcome | undefined> {
  const input = hierarchyInputAtCursor(direction);
  if (!input) {
    void vscode.window.showInformationMessage(vscode.l10n.t('LSP: open a file and put the cursor on a symbol first.'));
    return undefined;
  }
  return runFromCommand(vscode.l10n.t('LSP: {0}', direction), (token) => deps.engine.execute(input, token), async (outcome) => {
    await deps.show(deps.outcomes.record(outcome, 'command'), outcome, 'command');
    if (outcome.result.completeness === 'noProvider') {
      void vscode.window.showInformationMessage(vscode.l10n.t('LSP: no language provider answered for this file.'));
    }
    await deps.card.reveal(true);
  });
}

export function register(deps: HierarchyCommandDeps): vscode.Disposable {
  return vscode.Disposable.from(...DIRECTIONS.map(([id, direction]) => vscode.commands.registerCommand(id, () => runAtCursor(direction, deps))));
}
