// Whether the tools that write may run here: in a trusted workspace, with lspTool.writingTools on.
// The call path asks it before each call; a context key (ids.ts) carries it to the tools' when
// clause, so that VS Code does not offer them otherwise. One key, not `isWorkspaceTrusted && ...`:
// VS Code 1.100 cannot send a tool whose when clause has `&&` to the extension host, and then lists
// no tool at all there (measured in its window).
import * as vscode from 'vscode';
import { CONFIG_SECTION, ContextKey } from '../ids';
import { readSettings } from './settingsReader';

export function writingAllowed(): boolean {
  return vscode.workspace.isTrusted && readSettings().writingTools;
}

/** Keeps the context key equal to writingAllowed(): at activation, on a settings change and when trust is granted. */
export function watchWritingContext(): vscode.Disposable {
  const update = (): void => void vscode.commands.executeCommand('setContext', ContextKey.writingAllowed, writingAllowed());
  update();
  return vscode.Disposable.from(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(CONFIG_SECTION)) update();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(update),
  );
}
