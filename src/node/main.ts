// The Node extension host's entry (package.json `main`): it builds what only Node has (the disk
// over node:fs, the MCP server's registration) and hands them to the one extension bundle,
// dist/web/extension.js, which the web-worker host loads as it is.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type * as ExtensionBundle from '../extension';
import { registerMcp } from '../mcp/start';
import { nodeFsDisk } from './nodeDisk';

export function activate(context: vscode.ExtensionContext): ExtensionBundle.LspToolApi {
  // A runtime require of the shared bundle: esbuild leaves it alone, so it ships once.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bundle = require(path.join(context.extensionPath, 'dist', 'web', 'extension.js')) as typeof ExtensionBundle;
  return bundle.activateWith(context, { disk: nodeFsDisk, registerMcp });
}

export function deactivate(): void {}
