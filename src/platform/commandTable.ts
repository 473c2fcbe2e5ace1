// The extension's commands, registered with VS Code once, at activation, by the activation bundle
// (src/activation/registrations.ts); their handlers arrive with the features bundle on first use.
// The features register into this table, and the registered command runs what the table holds.
import type * as vscode from 'vscode';

/** What a feature calls instead of vscode.commands.registerCommand. */
export type RegisterCommand = (id: string, handler: (...args: unknown[]) => unknown) => vscode.Disposable;

export class CommandTable {
  private readonly handlers = new Map<string, (...args: unknown[]) => unknown>();

  readonly register: RegisterCommand = (id, handler) => {
    if (this.handlers.has(id)) throw new Error(`command ${id} is registered twice`);
    this.handlers.set(id, handler);
    return { dispose: () => this.handlers.delete(id) };
  };

  /** The handler registered for `id`, or undefined. */
  handler(id: string): ((...args: unknown[]) => unknown) | undefined {
    return this.handlers.get(id);
  }
}
