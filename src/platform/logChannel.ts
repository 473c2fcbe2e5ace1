// The "LSP Tool" log channel, created on its first use: creating a LogOutputChannel was the
// largest part of activation (docs/performance.md), and many sessions never log.
import * as vscode from 'vscode';

export function lazyLogChannel(name: string): { log: vscode.LogOutputChannel; disposable: vscode.Disposable } {
  let channel: vscode.LogOutputChannel | undefined;
  const real = (): vscode.LogOutputChannel => (channel ??= vscode.window.createOutputChannel(name, { log: true }));
  // Each method bound once: every tool call logs a line.
  const bound = new Map<PropertyKey, unknown>();
  const log = new Proxy({} as vscode.LogOutputChannel, {
    get(_target, property) {
      const known = bound.get(property);
      if (known !== undefined) return known;
      const target = real();
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(property, method);
      return method;
    },
  });
  return { log, disposable: new vscode.Disposable(() => channel?.dispose()) };
}
