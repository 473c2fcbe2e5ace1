// One adapter shape for every language-model tool over the engine: prepareInvocation gives the
// title and, for a file outside the workspace under the `ask` policy, a confirmation; invoke runs
// the engine, keeps the outcome, and hands it to what the person sees after the answer has gone back.
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { AnswerBudget } from '../text/answerBudget';
import type { Outcome, RecentOutcomes } from '../engine/recentOutcomes';
import type { LspToolSettings } from '../engine/settings';
import { AfterAnswer } from './afterAnswer';
import { outsideConfirmation } from './outsideConfirmation';

export interface ToolSpec<I, O extends Outcome> {
  name: string;
  /** The invocation message, from the raw input as the model wrote it. */
  title(input: I | undefined): string;
  /** The file the call reads, for the outside-workspace confirmation. */
  filePath(input: I | undefined): unknown;
  execute(input: unknown, token: vscode.CancellationToken, fit?: AnswerBudget): Promise<O>;
}

export interface EngineToolDeps {
  workspace: Workspace;
  settings: () => LspToolSettings;
  outcomes: RecentOutcomes;
  /** What the person sees of a call (the card, follow-along); runs after the answer has gone back. */
  present?: (id: number, outcome: Outcome) => Promise<void> | void;
  /** How much of the answer this invocation's reader takes inline (platform/readerBudget.ts). */
  readerBudget?: (options: vscode.LanguageModelToolInvocationOptions<unknown>) => AnswerBudget | undefined;
}

export class EngineTool<I, O extends Outcome> implements vscode.LanguageModelTool<I> {
  private readonly after = new AfterAnswer();

  constructor(
    private readonly spec: ToolSpec<I, O>,
    private readonly deps: EngineToolDeps,
  ) {}

  /** Resolves once what earlier calls set off for the person (card, follow-along) has run. */
  settled(): Promise<void> {
    return this.after.settled();
  }

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<I>): Promise<vscode.PreparedToolInvocation> {
    const confirmationMessages = await outsideConfirmation(this.deps, this.spec.name, this.spec.filePath(options.input));
    return { invocationMessage: this.spec.title(options.input), ...(confirmationMessages ? { confirmationMessages } : {}) };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<I>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.spec.execute(options.input, token, this.deps.readerBudget?.(options));
    const id = this.deps.outcomes.record(outcome, 'tool');
    const present = this.deps.present;
    if (present) this.after.run(() => present(id, outcome));
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }

  /** Registers the tool under its name; the tool itself is returned for the extension's API. */
  static register<I, O extends Outcome>(spec: ToolSpec<I, O>, deps: EngineToolDeps): { tool: EngineTool<I, O>; disposable: vscode.Disposable } {
    const tool = new EngineTool(spec, deps);
    return { tool, disposable: vscode.lm.registerTool(spec.name, tool) };
  }
}
