// @lsp /symbols <name> and /outline [path]: calls lsp_symbols through vscode.lm.invokeTool (so the
// chat shows the call) and streams the symbols as clickable anchors, grouped by file.
import * as vscode from 'vscode';
import { activeFilePath } from '../commands/symbolCommands';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import { displayPath } from '../text/displayPath';
import { groupByFile } from '../text/groupByFile';
import { flattenSymbols } from '../text/renderSymbols';
import { SYMBOLS_MANIFEST } from '../tools/lsp_symbols/manifest';
import { isSymbolsOutcome } from '../tools/lsp_symbols/query';

const MAX_ANCHORS = 100;

function text(value: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(value);
}

export interface SymbolsReplyDeps {
  outcomes: RecentOutcomes;
  workspace: Workspace;
}

/** The tool input for the slash command, or undefined (after saying what to ask) when there is none. */
function inputFor(command: 'symbols' | 'outline', prompt: string, stream: vscode.ChatResponseStream): { query?: string; file_path?: string } | undefined {
  const asked = prompt.trim().replace(/^`(.*)`$/, '$1');
  if (command === 'symbols') {
    if (asked === '') stream.markdown(text(vscode.l10n.t('Ask /symbols with a name, for example /symbols totalArea.')));
    return asked === '' ? undefined : { query: asked };
  }
  const filePath = asked === '' ? activeFilePath() : asked;
  if (filePath === undefined) stream.markdown(text(vscode.l10n.t('Open a file, or ask /outline with a path.')));
  return filePath === undefined ? undefined : { file_path: filePath };
}

export async function replyWithSymbols(
  deps: SymbolsReplyDeps,
  command: 'symbols' | 'outline',
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const input = inputFor(command, request.prompt, stream);
  if (!input) return { metadata: { command } };
  const before = deps.outcomes.lastId;
  try {
    await vscode.lm.invokeTool(SYMBOLS_MANIFEST.name, { input, toolInvocationToken: request.toolInvocationToken }, token);
  } catch (err) {
    stream.markdown(text(err instanceof Error ? err.message : String(err)));
    return { metadata: { command, error: true } };
  }
  const outcome = deps.outcomes.newestAfter(before, isSymbolsOutcome);
  if (!outcome) return { metadata: { command } };
  const outline = command === 'outline';
  const all = flattenSymbols(outcome.result.symbols, outline);
  if (all.length === 0) stream.markdown(text(vscode.l10n.t('No results.')));
  else stream.markdown(text(all.length === 1 ? vscode.l10n.t('1 symbol') : vscode.l10n.t('{0} symbols', all.length)));
  const roots = deps.workspace.roots();
  const shown = all.slice(0, MAX_ANCHORS).map((entry) => ({ ...entry, uri: entry.symbol.uri }));
  for (const group of groupByFile(shown)) {
    const path = displayPath(group.key, outcome.result.resolvedWorkspaceUri, roots);
    stream.markdown(new vscode.MarkdownString('\n\n').appendText(`${path} (${group.items.length})`).appendMarkdown('\n\n'));
    for (const { symbol, depth } of group.items) {
      const { line, character } = symbol.selectionRange.start;
      stream.markdown(`${'  '.repeat(outline ? depth : 0)}- `);
      stream.anchor(new vscode.Location(vscode.Uri.parse(symbol.uri, true), new vscode.Position(line, character)), `${path}:${line + 1}:${character + 1}`);
      const container = symbol.containerName === undefined || outline ? '' : ` ${vscode.l10n.t('in {0}', symbol.containerName)}`;
      stream.markdown(text(` ${symbol.kind} ${symbol.name}${container}`));
      stream.markdown('\n');
    }
  }
  if (all.length > MAX_ANCHORS) stream.markdown(text(vscode.l10n.t('… {0} more in the LSP card.', all.length - MAX_ANCHORS)));
  for (const note of outcome.notes) stream.markdown(text(`\n${vscode.l10n.t('Note: {0}', note)}\n`));
  return { metadata: { command, count: all.length } };
}
