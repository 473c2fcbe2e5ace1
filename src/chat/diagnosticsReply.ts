// @lsp /problems [paths]: calls lsp_diagnostics through vscode.lm.invokeTool (so the chat shows the
// call) for the paths asked, else the active file, else the workspace, and streams the diagnostics
// as clickable anchors, grouped by file.
import * as vscode from 'vscode';
import { activeFilePath } from '../commands/atCursor';
import type { Workspace } from '../engine/ports';
import type { LspDiagnostic } from '../engine/result';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import { isDiagnosticsOutcome } from '../tools/lsp_diagnostics/engine';
import { DIAGNOSTICS_SCHEMA } from '../tools/lsp_diagnostics/schema';
import { displayPath } from '../text/displayPath';
import { groupByFile } from '../text/groupByFile';
import { oneLine } from '../text/renderDiagnostics';
import { callTool, type ChatReply, MAX_ANCHORS } from './reply';

export interface DiagnosticsReplyDeps {
  outcomes: RecentOutcomes;
  workspace: Workspace;
}

export async function replyWithDiagnostics(
  deps: DiagnosticsReplyDeps,
  request: vscode.ChatRequest,
  reply: ChatReply,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const command = 'problems';
  const asked = request.prompt
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/^`(.*)`$/, '$1'))
    .filter((p) => p !== '');
  const active = activeFilePath();
  const paths = asked.length > 0 ? asked : active === undefined ? [] : [active];
  const called = await callTool(reply, DIAGNOSTICS_SCHEMA.name, paths.length === 0 ? {} : { file_paths: paths }, request, token, {
    lastId: deps.outcomes.lastId,
    find: (before) => deps.outcomes.newestAfter(before, isDiagnosticsOutcome),
  });
  if ('failed' in called) return { metadata: { command, error: true } };
  if ('text' in called) {
    reply.text(called.text);
    return { metadata: { command } };
  }
  const { result } = called.outcome;
  const all = result.diagnostics;
  if (all.length === 0) reply.text(vscode.l10n.t('No errors or warnings.'));
  else reply.text(all.length === 1 ? vscode.l10n.t('1 problem') : vscode.l10n.t('{0} problems', all.length));
  const roots = deps.workspace.roots();
  streamGroups(reply, all, result.resolvedWorkspaceUri, roots);
  const caused = result.caused?.diagnostics ?? [];
  if (caused.length > 0) {
    reply.text(vscode.l10n.t('Caused by the change, in the files that use it: {0}', caused.length));
    streamGroups(reply, caused, result.resolvedWorkspaceUri, roots);
  }
  reply.notes(called.outcome.notes);
  return { metadata: { command, count: all.length } };
}

/** Diagnostics as clickable rows grouped by file, up to MAX_ANCHORS, then how many more. */
function streamGroups(reply: ChatReply, list: readonly LspDiagnostic[], resolvedWorkspaceUri: string, roots: ReturnType<Workspace['roots']>): void {
  const shown = list.slice(0, MAX_ANCHORS);
  for (const group of groupByFile(shown)) {
    const path = displayPath(group.key, resolvedWorkspaceUri, roots);
    reply.group(path, group.items.length);
    for (const d of group.items) {
      const { line, character } = d.range.start;
      reply.row({ uri: d.uri, line, character, label: `${path}:${line + 1}:${character + 1}`, detail: `${d.severity} ${oneLine(d.message)}` });
    }
  }
  reply.more(list.length - shown.length);
}
