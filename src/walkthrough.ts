// The walkthrough's steps complete on context keys (`onContext:`): set each once, when first used.
import * as vscode from 'vscode';
import type { ContextKey } from './ids';

const done = new Set<string>();

export function markUsed(key: (typeof ContextKey)[keyof typeof ContextKey]): void {
  if (done.has(key)) return;
  done.add(key);
  void vscode.commands.executeCommand('setContext', key, true);
}
