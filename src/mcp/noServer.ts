// Where the extension host cannot listen on a socket (the web worker) or no MCP registration was
// injected: there is no MCP server, and the endpoint command says so with `undefined`.
import * as vscode from 'vscode';
import { Command } from '../ids';

/** Stands in for start.ts's registerMcp (its arguments are not needed here). */
export function registerNoMcp(): vscode.Disposable {
  return vscode.commands.registerCommand(Command.mcpEndpoint, () => undefined);
}
