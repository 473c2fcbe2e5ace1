// Under lspTool.outsideWorkspace "ask", a tool call on a file outside every workspace folder asks
// the person first (Copilot shows the confirmation in the chat).
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { LspToolSettings } from '../engine/settings';

export async function outsideConfirmation(
  deps: { workspace: Workspace; settings: () => LspToolSettings },
  toolName: string,
  filePath: unknown,
): Promise<vscode.LanguageModelToolConfirmationMessages | undefined> {
  if (deps.settings().outsideWorkspace !== 'ask' || typeof filePath !== 'string' || filePath.trim() === '') return undefined;
  try {
    // Kept by the resolution cache: invoke's own resolution then costs a stat per path looked at.
    const file = await deps.workspace.resolveFile(filePath);
    if (file.inside) return undefined;
    return {
      title: vscode.l10n.t('Query a file outside the workspace?'),
      message: new vscode.MarkdownString(
        vscode.l10n.t('The `{0}` tool wants to read {1}, which is outside every workspace folder.', toolName, vscode.Uri.parse(file.uri, true).toString(true)),
      ),
    };
  } catch {
    // invoke reports the coded error.
    return undefined;
  }
}
