// The vscode.lm transport: each tool registered as a language-model tool. prepareInvocation gives
// the title and, for a file outside the workspace under `ask`, the confirmation the chat shows;
// invoke takes the one call path (the person already confirmed in the chat).
import * as vscode from 'vscode';
import type { AnswerBudget } from '../text/answerBudget';
import type { AnyToolDefinition } from '../tools/definition';
import type { CallPath, Caller } from '../calls/callPath';

/** How much of one invocation's answer its reader takes inline (platform/readerBudget.ts). */
export type ReaderBudget = (options: vscode.LanguageModelToolInvocationOptions<unknown>) => AnswerBudget | undefined;

/** The chat asked already (prepareInvocation's confirmationMessages), so the path need not ask again. */
const LM_CALLER: Caller = { transport: 'lm', confirm: () => Promise.resolve(true) };

export class LmTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly definition: AnyToolDefinition,
    private readonly calls: CallPath,
    private readonly readerBudget?: ReaderBudget,
  ) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    const request = await this.calls.confirmationFor(this.definition, options.input);
    const invocationMessage = this.definition.title(options.input);
    // A tool that writes always asks (the usual Allow), saying what it would change.
    const writing =
      request === undefined && this.definition.api.writes
        ? await this.calls.writeConfirmation(this.definition, options.input, { l10n: vscode.l10n })
        : undefined;
    if (writing !== undefined)
      return { invocationMessage, confirmationMessages: { title: writing.title, message: new vscode.MarkdownString(writing.message) } };
    if (request === undefined) return { invocationMessage };
    return { invocationMessage, confirmationMessages: { title: request.title, message: new vscode.MarkdownString(request.message) } };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const budget = this.readerBudget?.(options);
    const { text } = await this.calls.callTool(this.definition.schema.name, options.input, budget === undefined ? LM_CALLER : { ...LM_CALLER, budget }, token);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }
}

/** Every tool by name; the activation bundle registered them (src/activation/registrations.ts, the one registerTool call site). */
export function lmTools(calls: CallPath, readerBudget?: ReaderBudget): Map<string, LmTool> {
  return new Map(calls.tools.map((definition) => [definition.schema.name, new LmTool(definition, calls, readerBudget)]));
}
