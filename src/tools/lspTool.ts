// The language-model tool `lsp`: a thin adapter over the engine. prepareInvocation gives the title
// and, for a file outside the workspace under the `ask` policy, a confirmation; invoke runs the
// query and hands the outcome to what the person sees after the answer has gone back.
import * as vscode from 'vscode';
import type { QueryEngine, QueryOutcome } from '../engine/queryEngine';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { Workspace } from '../engine/ports';
import type { LspToolSettings } from '../engine/settings';
import { invocationTitle } from '../engine/title';
import type { LspToolInput } from '../engine/toolInput';
import { TOOL_NAME } from '../ids';

export interface LspToolDeps {
  engine: QueryEngine;
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentOutcomes;
  /** What the person sees of a query (the card, follow-along); runs after the answer has gone back. */
  present?: (id: number, outcome: QueryOutcome) => Promise<void> | void;
}

export class LspTool implements vscode.LanguageModelTool<LspToolInput> {
  /** The presenting work not finished yet. */
  private readonly presenting = new Set<Promise<void>>();

  constructor(private readonly deps: LspToolDeps) {}

  /** Resolves once what earlier queries set off for the person (card, follow-along) has run. */
  async settled(): Promise<void> {
    while (this.presenting.size > 0) await Promise.all(this.presenting);
  }

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<LspToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const prepared: vscode.PreparedToolInvocation = { invocationMessage: invocationTitle(options.input) };
    if (this.deps.settings().outsideWorkspace !== 'ask' || typeof options.input?.file_path !== 'string') return prepared;
    try {
      // Kept by the resolution cache: invoke's own resolution costs a stat per path looked at.
      const file = await this.deps.workspace.resolveFile(options.input.file_path);
      if (!file.inside) {
        prepared.confirmationMessages = {
          title: vscode.l10n.t('Query a file outside the workspace?'),
          message: new vscode.MarkdownString(
            vscode.l10n.t('The `lsp` tool wants to read {0}, which is outside every workspace folder.', vscode.Uri.parse(file.uri, true).toString(true)),
          ),
        };
      }
    } catch {
      // invoke reports the coded error.
    }
    return prepared;
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<LspToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.deps.engine.execute(options.input, token);
    const id = this.deps.outcomes.record(outcome, 'tool');
    // The card, follow-along and walkthrough run after the answer has gone back: they cost the
    // caller messages to the window when run first (docs/performance.md).
    const present = this.deps.present;
    if (present) {
      const presented: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => present(id, outcome))
        // present reports its own failures (the extension logs them); settled() never rejects.
        .catch(() => undefined)
        .finally(() => this.presenting.delete(presented));
      this.presenting.add(presented);
    }
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }

  static register(deps: LspToolDeps): { tool: LspTool; disposable: vscode.Disposable } {
    const tool = new LspTool(deps);
    return { tool, disposable: vscode.lm.registerTool(TOOL_NAME, tool) };
  }
}
