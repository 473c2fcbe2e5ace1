// The language-model tool `lsp`: a thin adapter over the engine. prepareInvocation gives the title
// and, for a file outside the workspace under the `ask` policy, a confirmation; invoke runs the
// query and hands the outcome to what the person sees after the answer has gone back.
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { QueryEngine, QueryOutcome } from '../engine/queryEngine';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspToolSettings } from '../engine/settings';
import { invocationTitle } from '../engine/title';
import type { LspToolInput } from '../engine/toolInput';
import { TOOL_NAME } from '../ids';
import { AfterAnswer } from './afterAnswer';
import { outsideConfirmation } from './outsideConfirmation';

export interface LspToolDeps {
  engine: QueryEngine;
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentOutcomes;
  /** What the person sees of a query (the card, follow-along); runs after the answer has gone back. */
  present?: (id: number, outcome: QueryOutcome) => Promise<void> | void;
}

export class LspTool implements vscode.LanguageModelTool<LspToolInput> {
  private readonly after = new AfterAnswer();

  constructor(private readonly deps: LspToolDeps) {}

  /** Resolves once what earlier queries set off for the person (card, follow-along) has run. */
  settled(): Promise<void> {
    return this.after.settled();
  }

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<LspToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const confirmationMessages = await outsideConfirmation(this.deps, TOOL_NAME, options.input?.file_path);
    return { invocationMessage: invocationTitle(options.input), ...(confirmationMessages ? { confirmationMessages } : {}) };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<LspToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.deps.engine.execute(options.input, token);
    const id = this.deps.outcomes.record(outcome, 'tool');
    const present = this.deps.present;
    if (present) this.after.run(() => present(id, outcome));
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }

  static register(deps: LspToolDeps): { tool: LspTool; disposable: vscode.Disposable } {
    const tool = new LspTool(deps);
    return { tool, disposable: vscode.lm.registerTool(TOOL_NAME, tool) };
  }
}
