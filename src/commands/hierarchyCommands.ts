// Palette and context-menu hierarchy queries at the active cursor (Show Callers, Callees, Supertypes,
// Subtypes); the tree goes to the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { CallPath } from '../calls/callPath';
import { hierarchyTool } from '../tools/lsp_hierarchy';
import type { HierarchyOutcome } from '../tools/lsp_hierarchy/engine';
import type { HierarchyDirection } from '../engine/ports';
import { Command } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';
import { runAtCursor, sayIfNoProvider } from './atCursor';
import { callFromCommand } from './runFromCommand';

export interface HierarchyCommandDeps {
  calls: CallPath;
  card: CardViewProvider;
}

const DIRECTIONS: [string, HierarchyDirection][] = [
  [Command.showCallers, 'incomingCalls'],
  [Command.showCallees, 'outgoingCalls'],
  [Command.showSupertypes, 'supertypes'],
  [Command.showSubtypes, 'subtypes'],
];

function hierarchyAtCursor(direction: HierarchyDirection, deps: HierarchyCommandDeps): Promise<HierarchyOutcome | undefined> {
  return runAtCursor(
    deps.calls,
    vscode.l10n.t('LSP: {0}', direction),
    (at, token) => callFromCommand(deps.calls, hierarchyTool, { direction, ...at }, token),
    async (outcome) => {
      sayIfNoProvider(outcome.result.completeness);
      await deps.card.reveal(true);
    },
  );
}

export function register(deps: HierarchyCommandDeps, command: RegisterCommand): vscode.Disposable {
  return vscode.Disposable.from(...DIRECTIONS.map(([id, direction]) => command(id, () => hierarchyAtCursor(direction, deps))));
}
