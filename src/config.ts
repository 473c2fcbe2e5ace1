// The only reader of workspace configuration.
import * as vscode from 'vscode';
import { CONFIG_SECTION } from './ids';
import { validateSettings, type LspToolSettings } from './configValues';

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
