// The "LSP Tool" log channel, created on its first use: creating a LogOutputChannel was the
// largest part of activation (docs/performance.md), and many sessions never log.
import * as vscode from 'vscode';

export function lazyLogChannel(name: string): { log: vscode.LogOutputChannel; disposable: vscode.Disposable } {
  let channel: vscode.LogOutputChannel | undefined;
  const real = (): vscode.LogOutputChannel => (channel ??= vscode.window.createOutputChannel(name, { log: true }));
  const log = new Proxy({} as vscode.LogOutputChannel, {
    get(_target, property) {
      const target = real();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { log, disposable: new vscode.Disposable(() => channel?.dispose()) };
}
