// @lsp /symbols <name> and /outline [path]: calls lsp_symbols through vscode.lm.invokeTool (so the
// chat shows the call) and streams the symbols as clickable anchors, grouped by file.
import * as vscode from 'vscode';
import { activeFilePath } from '../commands/atCursor';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import { isSymbolsOutcome } from '../tools/lsp_symbols/engine';
import { SYMBOLS_SCHEMA } from '../tools/lsp_symbols/schema';
import { displayPath } from '../text/displayPath';
import { groupByFile } from '../text/groupByFile';
import { flattenSymbols } from '../text/renderSymbols';
import { callTool, type ChatReply, MAX_ANCHORS } from './reply';

export interface SymbolsReplyDeps {
  outcomes: RecentOutcomes;
  workspace: Workspace;
}

/** The tool input for the slash command, or undefined (after saying what to ask) when there is none. */
function inputFor(command: 'symbols' | 'outline', prompt: string, reply: ChatReply): { query?: string; file_path?: string } | undefined {
  const asked = prompt.trim().replace(/^`(.*)`$/, '$1');
  if (command === 'symbols') {
    if (asked === '') reply.text(vscode.l10n.t('Ask /symbols with a name, for example /symbols totalArea.'));
    return asked === '' ? undefined : { query: asked };
  }
  const filePath = asked === '' ? activeFilePath() : asked;
  if (filePath === undefined) reply.text(vscode.l10n.t('Open a file, or ask /outline with a path.'));
  return filePath === undefined ? undefined : { file_path: filePath };
}

export async function replyWithSymbols(
  deps: SymbolsReplyDeps,
  command: 'symbols' | 'outline',
  request: vscode.ChatRequest,
  reply: ChatReply,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const input = inputFor(command, request.prompt, reply);
  if (!input) return { metadata: { command } };
  const called = await callTool(reply, SYMBOLS_SCHEMA.name, input, request, token, {
    lastId: deps.outcomes.lastId,
    find: (before) => deps.outcomes.newestAfter(before, isSymbolsOutcome),
  });
  if ('failed' in called) return { metadata: { command, error: true } };
  if ('text' in called) {
    reply.text(called.text);
    return { metadata: { command } };
  }
  const { outcome } = called;
  const outline = command === 'outline';
  const all = flattenSymbols(outcome.result.symbols, outline);
  if (all.length === 0) reply.text(vscode.l10n.t('No results.'));
  else reply.text(all.length === 1 ? vscode.l10n.t('1 symbol') : vscode.l10n.t('{0} symbols', all.length));
  const roots = deps.workspace.roots();
  const shown = all.slice(0, MAX_ANCHORS).map((entry) => ({ ...entry, uri: entry.symbol.uri }));
  for (const group of groupByFile(shown)) {
    const path = displayPath(group.key, outcome.result.resolvedWorkspaceUri, roots);
    reply.group(path, group.items.length);
    for (const { symbol, depth } of group.items) {
      const { line, character } = symbol.selectionRange.start;
      const container = symbol.containerName === undefined || outline ? '' : ` ${vscode.l10n.t('in {0}', symbol.containerName)}`;
      reply.row({
        uri: symbol.uri,
        line,
        character,
        label: `${path}:${line + 1}:${character + 1}`,
        detail: `${symbol.kind} ${symbol.name}${container}`,
        depth: outline ? depth : 0,
      });
    }
  }
  reply.more(all.length - shown.length);
  reply.notes(outcome.notes);
  return { metadata: { command, count: all.length } };
}
