// The walkthrough's #lsp and @lsp steps complete on a context key (`onContext:`). VS Code counts
// such an event only when the key turns true while its walkthrough service is alive, and that
// service may start late (when the Welcome page first opens); a key already true then never
// counts. So each use pulses the key (true, then false): the first use after the service started
// checks the step off, whenever that is.
import * as vscode from 'vscode';
import type { ContextKey } from './ids';

const pulsing = new Set<string>();

export function markUsed(key: (typeof ContextKey)[keyof typeof ContextKey]): void {
  if (pulsing.has(key)) return;
  pulsing.add(key);
  void (async () => {
    try {
      await vscode.commands.executeCommand('setContext', key, true);
      await vscode.commands.executeCommand('setContext', key, false);
    } finally {
      pulsing.delete(key);
    }
  })();
}
