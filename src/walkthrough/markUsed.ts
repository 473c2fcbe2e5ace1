// The walkthrough's #lsp and @lsp steps complete on a context key (`onContext:`). VS Code counts
// such an event only when the key turns true while its walkthrough service is alive, and that
// service may start late (when the Welcome page first opens); a key already true then never
// counts. So each use pulses the key (true, then false): the first use after the service started
// checks the step off, whenever that is.
import * as vscode from 'vscode';
import type { ContextKey } from '../ids';

export type UsageKey = (typeof ContextKey)[keyof typeof ContextKey];

export class WalkthroughProgress {
  private readonly pulsing = new Set<string>();

  markUsed(key: UsageKey): void {
    if (this.pulsing.has(key)) return;
    this.pulsing.add(key);
    void (async () => {
      try {
        await vscode.commands.executeCommand('setContext', key, true);
        await vscode.commands.executeCommand('setContext', key, false);
      } finally {
        this.pulsing.delete(key);
      }
    })();
  }
}
