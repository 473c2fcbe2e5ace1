// The web-worker extension host cannot listen on a socket: there is no MCP server, and the
// endpoint command says so with `undefined`.
import * as vscode from 'vscode';
import { Command } from '../ids';
export type { McpEndpoint, McpStartDeps } from './start';

/** The same signature as start.ts's (its arguments are not needed here). */
export function registerMcp(): vscode.Disposable {
  return vscode.commands.registerCommand(Command.mcpEndpoint, () => undefined);
}
