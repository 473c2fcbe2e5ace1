// A tool's own @lsp slash command (its definition's `chat`): the tool is called through
// vscode.lm.invokeTool (so the chat shows the call) with the input the definition reads from the
// prompt, then the definition streams the outcome and its notes follow, as every reply does.
import * as vscode from 'vscode';
import { activeFilePath } from '../commands/atCursor';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { OutcomeHeader } from '../engine/outcome';
import type { AnyToolDefinition, ToolDefinition } from '../tools/definition';
import { callTool, type ChatReply, MAX_ANCHORS } from './reply';

export interface ToolReplyDeps {
  outcomes: RecentOutcomes;
  workspace: Workspace;
}

/** The tool whose own slash command `command` is, if any. */
export function toolWithChat(tools: readonly AnyToolDefinition[], command: string | undefined): AnyToolDefinition | undefined {
  return command === undefined ? undefined : tools.find((definition) => definition.chat?.command === command);
}

export async function replyWithTool(
  deps: ToolReplyDeps,
  definition: AnyToolDefinition,
  request: vscode.ChatRequest,
  reply: ChatReply,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const tool = definition as ToolDefinition<unknown, OutcomeHeader>;
  const chat = tool.chat!;
  const { command } = chat;
  const called = await callTool(reply, definition.schema.name, chat.input(request.prompt, activeFilePath()), request, token, {
    lastId: deps.outcomes.lastId,
    find: (before) => deps.outcomes.newestAfter(before, (outcome): outcome is OutcomeHeader => tool.isOutcome(outcome)),
  });
  if ('failed' in called) return { metadata: { command, error: true } };
  if ('text' in called) {
    reply.text(called.text);
    return { metadata: { command } };
  }
  const count = chat.reply(called.outcome, {
    l10n: vscode.l10n,
    roots: deps.workspace.roots(),
    maxAnchors: MAX_ANCHORS,
    text: (value) => reply.text(value),
    group: (path, count) => reply.group(path, count),
    row: (row) => reply.row(row),
    more: (omitted) => reply.more(omitted),
  });
  reply.notes(called.outcome.notes);
  return { metadata: { command, count } };
}
