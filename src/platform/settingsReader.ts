// The only reader of workspace configuration.
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../ids';
import { validateSettings, type LspToolSettings } from '../engine/settings';

export function readSettings(log?: vscode.LogOutputChannel, scope?: vscode.Uri): LspToolSettings {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION, scope);
  return validateSettings(
    (key) => {
      const inspected = config.inspect(key);
      // Only explicit values are validated; the contributed default is ours.
      return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
    },
    (message) => log?.warn(message),
  );
}

/**
 * The settings, read on first use and again whenever `lspTool.*` changes: reading them (six
 * `inspect` calls) was a tenth of the tool's own time per query (docs/performance.md). A change
 * is read at once, so that an invalid value is reported when it is made.
 */
export function watchedSettings(log: vscode.LogOutputChannel): { settings: () => LspToolSettings; disposable: vscode.Disposable } {
  let current: LspToolSettings | undefined;
  const disposable = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(CONFIG_SECTION)) current = readSettings(log);
  });
  return { settings: () => (current ??= readSettings(log)), disposable };
}
