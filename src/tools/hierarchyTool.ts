// The language-model tool `lsp_hierarchy`: a thin adapter over the hierarchy engine, like lspTool.ts.
import * as vscode from 'vscode';
import type { HierarchyEngine, HierarchyOutcome } from '../engine/hierarchy';
import { hierarchyTitle, type HierarchyToolInput } from '../engine/hierarchyInput';
import type { Workspace } from '../engine/ports';
import type { RecentHierarchies } from '../engine/recentHierarchies';
import type { LspToolSettings } from '../engine/settings';
import { HIERARCHY_TOOL_NAME } from '../ids';

export interface HierarchyToolDeps {
  engine: HierarchyEngine;
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentHierarchies;
  /** What the person sees (the card, follow-along); runs after the answer has gone back. */
  present?: (id: number, outcome: HierarchyOutcome) => Promise<void> | void;
}

export class HierarchyTool implements vscode.LanguageModelTool<HierarchyToolInput> {
  private readonly presenting = new Set<Promise<void>>();

  constructor(private readonly deps: HierarchyToolDeps) {}

  async settled(): Promise<void> {
    while (this.presenting.size > 0) await Promise.all(this.presenting);
  }

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<HierarchyToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const prepared: vscode.PreparedToolInvocation = { invocationMessage: hierarchyTitle(options.input) };
    if (this.deps.settings().outsideWorkspace !== 'ask' || typeof options.input?.file_path !== 'string') return prepared;
    try {
      const file = await this.deps.workspace.resolveFile(options.input.file_path);
      if (!file.inside) {
        prepared.confirmationMessages = {
          title: vscode.l10n.t('Query a file outside the workspace?'),
          message: new vscode.MarkdownString(
            vscode.l10n.t('The `lsp_hierarchy` tool wants to read {0}, which is outside every workspace folder.', vscode.Uri.parse(file.uri, true).toString(true)),
          ),
        };
      }
    } catch {
      // invoke reports the coded error.
    }
    return prepared;
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<HierarchyToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.deps.engine.execute(options.input, token);
    const id = this.deps.outcomes.record(outcome, 'tool');
    const present = this.deps.present;
    if (present) {
      const presented: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => present(id, outcome))
        .catch(() => undefined)
        .finally(() => this.presenting.delete(presented));
      this.presenting.add(presented);
    }
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }

  static register(deps: HierarchyToolDeps): { tool: HierarchyTool; disposable: vscode.Disposable } {
    const tool = new HierarchyTool(deps);
    return { tool, disposable: vscode.lm.registerTool(HIERARCHY_TOOL_NAME, tool) };
  }
}
