// Every tool's own palette commands (its definition's `commands`, their ids in its api.ts): each
// runs the tool through the call path, with the status bar showing it running (and able to cancel
// it), and answers in the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import type { CallPath } from '../calls/callPath';
import type { RegisterCommand } from '../platform/commandTable';
import type { CommandContext } from '../tools/definition';
import { activeFilePath, cursorAt } from './atCursor';
import { callFromCommand, runFromCommand } from './runFromCommand';

export interface ToolCommandsDeps {
  calls: CallPath;
  card: CardViewProvider;
}

const CONTEXT: CommandContext = { l10n: vscode.l10n, cursor: cursorAt, activeFile: activeFilePath };

export function register(deps: ToolCommandsDeps, command: RegisterCommand): vscode.Disposable {
  const registrations = deps.calls.tools.flatMap((definition) =>
    Object.entries(definition.commands ?? {}).map(([id, tool]) =>
      command(id, (...args: unknown[]) =>
        runFromCommand(
          tool.progress(CONTEXT),
          (token) => callFromCommand(deps.calls, definition, tool.input(args, CONTEXT), token),
          () => deps.card.reveal(true),
        ),
      ),
    ),
  );
  return vscode.Disposable.from(...registrations);
}
