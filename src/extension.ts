// activate(): wires the parts; every disposable goes to context.subscriptions.
import * as vscode from 'vscode';
import { readSettings } from './config';
import { Command, TOOL_NAME } from './ids';
import { VscodeSeam } from './seam/vscodeSeam';
import type { LspQueryResult } from './seam/types';
import { LspTool } from './tool/lspTool';
import type { LspToolInput } from './tool/parse';
import { QueryPipeline } from './tool/pipeline';

export interface LspToolApi {
  /** The structured twin of the tool: same input, the canonical value as output. */
  query(input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult>;
  /** The registered language-model tool itself, for hosts that embed it. */
  readonly tool: vscode.LanguageModelTool<LspToolInput>;
}

export function activate(context: vscode.ExtensionContext): LspToolApi {
  const log = vscode.window.createOutputChannel('LSP Tool', { log: true });
  context.subscriptions.push(log);
  const settings = () => readSettings(log);
  settings();
  const pipeline = new QueryPipeline({ seam: new VscodeSeam(), settings, log });
  const tool = new LspTool({ pipeline, settings });
  const api: LspToolApi = {
    query: async (input, token) => (await pipeline.execute(input, token)).result,
    tool,
  };
  context.subscriptions.push(
    vscode.lm.registerTool(TOOL_NAME, tool),
    vscode.commands.registerCommand(Command.query, (input: unknown) => api.query(input)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('lspTool')) settings();
    }),
  );
  log.info('activated');
  return api;
}

export function deactivate(): void {}
