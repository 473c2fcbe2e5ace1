// A query started by a person from the palette or a menu: the status bar shows it running (and can
// cancel it), its outcome goes to `present`, and a failure becomes a warning instead of a throw.
import * as vscode from 'vscode';
import type { OutcomeHeader } from '../engine/outcome';
import type { CallPath, Caller } from '../calls/callPath';
import type { ToolDefinition } from '../tools/definition';

/** The person at the palette: the file is theirs to ask about, so nothing is confirmed. */
const COMMAND_CALLER: Caller = { transport: 'command', confirm: () => Promise.resolve(true) };

/**
 * A command's call of a tool, through the call path every transport takes (recorded as the
 * command's, shown in the card and the editor); resolves once the card shows it.
 */
export async function callFromCommand<E, O extends OutcomeHeader>(
  calls: CallPath,
  definition: ToolDefinition<E, O, unknown>,
  input: unknown,
  token: vscode.CancellationToken,
): Promise<O> {
  const { outcome } = await calls.callAs(definition, input, COMMAND_CALLER, token);
  await calls.settled();
  return outcome;
}

export async function runFromCommand<O>(
  title: string,
  execute: (token: vscode.CancellationToken) => Promise<O>,
  present: (outcome: O) => Promise<void>,
): Promise<O | undefined> {
  try {
    const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title, cancellable: true }, (_progress, token) =>
      execute(token),
    );
    await present(outcome);
    return outcome;
  } catch (err) {
    void vscode.window.showWarningMessage(err instanceof Error ? err.message : String(err));
    return undefined;
  }
}
