// The language-model tool `lsp_symbols`: a name to positions the `lsp` tool can use, or a file's
// outline. A thin adapter over the engine, like the `lsp` tool.
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspToolSettings } from '../engine/settings';
import type { SymbolsToolInput } from '../engine/symbolsInput';
import { symbolsTitle, type SymbolsOutcome, type SymbolsQuery } from '../engine/symbolsQuery';
import { SYMBOLS_TOOL_NAME } from '../ids';
import { AfterAnswer } from './afterAnswer';
import { outsideConfirmation } from './outsideConfirmation';

export interface SymbolsToolDeps {
  symbols: SymbolsQuery;
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentOutcomes;
  present?: (id: number, outcome: SymbolsOutcome) => Promise<void> | void;
}

export class SymbolsTool implements vscode.LanguageModelTool<SymbolsToolInput> {
  private readonly after = new AfterAnswer();

  constructor(private readonly deps: SymbolsToolDeps) {}

  settled(): Promise<void> {
    return this.after.settled();
  }

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<SymbolsToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const confirmationMessages = await outsideConfirmation(this.deps, SYMBOLS_TOOL_NAME, options.input?.file_path);
    return { invocationMessage: symbolsTitle(options.input), ...(confirmationMessages ? { confirmationMessages } : {}) };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<SymbolsToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.deps.symbols.execute(options.input, token);
    const id = this.deps.outcomes.record(outcome, 'tool');
    const present = this.deps.present;
    if (present) this.after.run(() => present(id, outcome));
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }

  static register(deps: SymbolsToolDeps): { tool: SymbolsTool; disposable: vscode.Disposable } {
    const tool = new SymbolsTool(deps);
    return { tool, disposable: vscode.lm.registerTool(SYMBOLS_TOOL_NAME, tool) };
  }
}
