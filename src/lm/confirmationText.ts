// The words of the outside-workspace confirmation, localised: the chat shows them for a
// language-model tool call, and another transport asks its person with the same ones.
import * as vscode from 'vscode';

export function confirmationText(toolName: string, uri: string): { title: string; message: string } {
  return {
    title: vscode.l10n.t('Query a file outside the workspace?'),
    message: vscode.l10n.t('The `{0}` tool wants to read {1}, which is outside every workspace folder.', toolName, vscode.Uri.parse(uri, true).toString(true)),
  };
}
