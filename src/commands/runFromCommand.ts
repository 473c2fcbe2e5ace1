// A query started by a person from the palette or a menu: the status bar shows it running (and can
// cancel it), its outcome goes to `present`, and a failure becomes a warning instead of a throw.
import * as vscode from 'vscode';

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
