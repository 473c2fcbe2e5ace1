// Palette and context-menu queries at the active cursor; results go to the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { Present } from '../tools/present';
import type { QueryEngine, QueryOutcome } from '../tools/lsp/query';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspOperation } from '../engine/result';
import { Command } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';
import { runAtCursor, sayIfNoProvider } from './atCursor';

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

function queryAtCursor(operation: LspOperation, deps: PaletteDeps): Promise<QueryOutcome | undefined> {
  return runAtCursor(
    vscode.l10n.t('LSP: {0}', operation),
    (at, token) => deps.engine.execute({ operation, ...at }, token),
    async (outcome) => {
      await deps.show(deps.outcomes.record(outcome, 'command'), outcome, 'command');
      const { result } = outcome;
      sayIfNoProvider(result.completeness);
      if (operation === 'goToDefinition' && result.kind === 'locations' && result.locations.length === 1) {
        const [target] = result.locations;
        const start = new vscode.Position(target!.range.start.line, target!.range.start.character);
        await vscode.window.showTextDocument(vscode.Uri.parse(target!.uri, true), { selection: new vscode.Range(start, start) });
      } else {
        await deps.card.reveal(true);
      }
    },
  );
}

export function register(deps: PaletteDeps, command: RegisterCommand): vscode.Disposable {
  return vscode.Disposable.from(
    ...OPERATIONS.map(([id, operation]) => command(id, () => queryAtCursor(operation, deps))),
    command(Command.showCard, () => deps.card.reveal(false)),
  );
}
