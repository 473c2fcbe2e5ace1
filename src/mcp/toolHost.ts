// The MCP server's tool host over today's tools: the definitions from package.json's
// languageModelTools, each call through the same spec the language-model tool runs, its outcome
// recorded with source 'mcp' and shown titled with the client's name. One file, so that it can be
// swapped onto the one call path.
import * as vscode from 'vscode';
import { LspToolError } from '../engine/errors';
import type { Workspace } from '../engine/ports';
import type { Outcome, RecentOutcomes } from '../engine/recentOutcomes';
import type { LspToolSettings } from '../engine/settings';
import { AfterAnswer } from '../tools/afterAnswer';
import type { ToolSpec } from '../tools/engineTool';
import type { McpToolDefinition, McpToolHost } from './host';

export interface McpToolHostDeps {
  /** `context.extension.packageJSON`. */
  packageJSON: unknown;
  specs: readonly ToolSpec<never, Outcome>[];
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentOutcomes;
  present: (id: number, outcome: Outcome, client: string) => Promise<void> | void;
}

export function mcpToolHost(deps: McpToolHostDeps): McpToolHost & { settled(): Promise<void> } {
  const definitions = toolDefinitions(deps.packageJSON);
  const after = new AfterAnswer();
  return {
    tools: () => definitions,
    settled: () => after.settled(),
    async call(name, input, caller, token) {
      const spec = deps.specs.find((s) => s.name === name);
      if (!spec) throw new Error(`unknown tool ${name}`);
      const filePath = typeof input === 'object' && input !== null ? (input as { file_path?: unknown }).file_path : undefined;
      if (deps.settings().outsideWorkspace === 'ask' && typeof filePath === 'string' && filePath.trim() !== '') {
        // A path that does not resolve is the engine's to report, with its own code.
        const file = await deps.workspace.resolveFile(filePath).catch(() => undefined);
        if (file && !file.inside && !(await caller.confirm({ toolName: name, filePath, uri: vscode.Uri.parse(file.uri, true).toString(true) }))) {
          throw new LspToolError(
            'LSP_OUTSIDE_WORKSPACE_DENIED',
            `file_path "${filePath}" is outside every workspace folder, and the person in VS Code declined or did not answer in time (lspTool.outsideWorkspace is "ask"). Query a file inside the workspace.`,
          );
        }
      }
      const outcome = await spec.execute(input, token as vscode.CancellationToken);
      const id = deps.outcomes.record(outcome, 'mcp');
      after.run(() => deps.present(id, outcome, caller.client));
      return { text: outcome.text };
    },
  };
}

/** The language-model tools as package.json declares them: what `vscode.lm.tools` reports for ours. */
export function toolDefinitions(packageJSON: unknown): McpToolDefinition[] {
  const tools = (packageJSON as { contributes?: { languageModelTools?: { name: string; modelDescription: string; inputSchema: Record<string, unknown> }[] } }).contributes?.languageModelTools ?? [];
  return tools.map((t) => ({ name: t.name, description: t.modelDescription, inputSchema: t.inputSchema }));
}
