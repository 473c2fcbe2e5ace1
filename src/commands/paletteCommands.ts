// Palette and context-menu queries at the active cursor; results go to the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { CallPath } from '../calls/callPath';
import { lspTool } from '../tools/lsp';
import type { QueryOutcome } from '../tools/lsp/engine';
import type { LspOperation } from '../engine/result';
import { Command } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';
import { runAtCursor, sayIfNoProvider } from './atCursor';
import { callFromCommand } from './runFromCommand';

export interface PaletteDeps {
  calls: CallPath;
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
    deps.calls,
    vscode.l10n.t('LSP: {0}', operation),
    (at, token) => callFromCommand(deps.calls, lspTool, { operation, ...at }, token),
    async (outcome) => {
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
