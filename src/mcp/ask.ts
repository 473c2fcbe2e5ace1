// Under lspTool.outsideWorkspace "ask", an MCP call on a file outside the workspace asks the person
// in the editor, naming the agent and the file. No answer within the budget is a no.
import * as vscode from 'vscode';
import type { McpAsk } from './host';

export function askInEditor(timeoutMs: () => number): McpAsk {
  return async ({ label, toolName, uri }, cancellation) => {
    const allow = vscode.l10n.t('Allow');
    const deny = vscode.l10n.t('Deny');
    // The person reads the file as VS Code shows a URI, not in its encoded form.
    const shown = vscode.Uri.parse(uri, true).toString(true);
    const message = vscode.l10n.t('{0} (over MCP) wants the {1} tool to read {2}, which is outside every workspace folder.', label, toolName, shown);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let subscription: { dispose(): void } | undefined;
    const unanswered = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs());
      subscription = cancellation.onCancellationRequested(() => resolve(undefined));
    });
    try {
      const answer = await Promise.race([vscode.window.showWarningMessage(message, allow, deny), unanswered]);
      return answer === allow && !cancellation.isCancellationRequested;
    } finally {
      clearTimeout(timer);
      subscription?.dispose();
    }
  };
}
