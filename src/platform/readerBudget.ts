// How much of a vscode.lm tool answer its reader takes inline. A call made for a chat request
// (it carries the request's toolInvocationToken, or tokenizationOptions) is read by that chat's
// model, and Copilot Chat, VS Code's agent, writes any text part longer than its threshold to a
// file and gives the model a pointer instead: such an answer fits that threshold. A call without
// either (an extension's own call) has no inline limit; lspTool.maxResultChars still caps it.
import * as vscode from 'vscode';
import type { AnswerBudget } from '../text/answerBudget';

/** Copilot Chat's settings for large tool results (0.67), and its default threshold. */
const COPILOT_SECTION = 'github.copilot.chat.agent.largeToolResultsToDisk';
export const COPILOT_INLINE_DEFAULT = 8192;

/** Copilot's inline threshold (undefined when it keeps every result inline), read once and again on change. */
export function watchedInlineLimit(): { inlineLimit: () => number | undefined; disposable: vscode.Disposable } {
  let current: { limit: number | undefined } | undefined;
  const read = (): number | undefined => {
    const config = vscode.workspace.getConfiguration(COPILOT_SECTION);
    if (config.get<unknown>('enabled') === false) return undefined;
    const threshold = config.get<unknown>('thresholdBytes');
    return typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 0 ? Math.floor(threshold) : COPILOT_INLINE_DEFAULT;
  };
  const disposable = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(COPILOT_SECTION)) current = undefined;
  });
  return { inlineLimit: () => (current ??= { limit: read() }).limit, disposable };
}

/** The budget of one invocation: the inline threshold for a chat request's call, and the token budget the caller passed. */
export function readerBudget(options: vscode.LanguageModelToolInvocationOptions<unknown>, inlineLimit: () => number | undefined): AnswerBudget | undefined {
  const tokenization = options.tokenizationOptions;
  if (options.toolInvocationToken === undefined && tokenization === undefined) return undefined;
  const chars = inlineLimit();
  const budget: AnswerBudget = {};
  if (chars !== undefined) budget.chars = chars;
  if (tokenization !== undefined && Number.isFinite(tokenization.tokenBudget) && tokenization.tokenBudget > 0) {
    budget.tokens = { budget: tokenization.tokenBudget, count: (text) => Promise.resolve(tokenization.countTokens(text)) };
  }
  return budget.chars === undefined && budget.tokens === undefined ? undefined : budget;
}
