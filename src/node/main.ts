// The Node extension host's entry (package.json `main`): it builds what only Node has (the disk
// over node:fs, the MCP server's registration, require for the features bundle) and hands them to
// the activation bundle, dist/web/extension.js, which the web-worker host loads as it is.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type * as ExtensionBundle from '../extension';
import { registerMcp } from '../mcp/start';
import { nodeFsDisk } from './nodeDisk';

export function activate(context: vscode.ExtensionContext): ExtensionBundle.LspToolApi {
  // Runtime requires of the other bundles: esbuild leaves them alone, so each ships once.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (relativePath: string): unknown => require(path.join(context.extensionPath, ...relativePath.split('/'))) as unknown;
  const bundle = load('dist/web/extension.js') as typeof ExtensionBundle;
  return bundle.activateWith(context, { disk: nodeFsDisk, registerMcp, load });
}

export function deactivate(): void {}
