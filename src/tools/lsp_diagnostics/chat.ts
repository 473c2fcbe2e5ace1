// @lsp /problems [paths] (pure): lsp_diagnostics for the paths asked, else the active file, else the
// workspace; the diagnostics as clickable anchors grouped by file, then those the change caused in
// the files that use it. chat/toolReply.ts calls the tool (so the chat shows the call) and streams this.
import type { LspDiagnostic } from '../../engine/result';
import { displayPath } from '../../text/displayPath';
import { groupByFile } from '../../text/groupByFile';
import { oneLine } from '../../text/renderDiagnostics';
import type { ChatOut, ToolChat } from '../definition';
import type { DiagnosticsOutcome } from './engine';

/** Diagnostics as clickable rows grouped by file, up to `out.maxAnchors`, then how many more. */
function streamGroups(out: ChatOut, list: readonly LspDiagnostic[], resolvedWorkspaceUri: string): void {
  const shown = list.slice(0, out.maxAnchors);
  for (const group of groupByFile(shown)) {
    const path = displayPath(group.key, resolvedWorkspaceUri, out.roots);
    out.group(path, group.items.length);
    for (const d of group.items) {
      const { line, character } = d.range.start;
      out.row({ uri: d.uri, line, character, label: `${path}:${line + 1}:${character + 1}`, detail: `${d.severity} ${oneLine(d.message)}` });
    }
  }
  out.more(list.length - shown.length);
}

export const DIAGNOSTICS_CHAT: ToolChat<DiagnosticsOutcome> = {
  command: 'problems',
  input: (prompt, activeFile) => {
    const asked = prompt
      .trim()
      .split(/\s+/)
      .map((p) => p.replace(/^`(.*)`$/, '$1'))
      .filter((p) => p !== '');
    const paths = asked.length > 0 ? asked : activeFile === undefined ? [] : [activeFile];
    return paths.length === 0 ? {} : { file_paths: paths };
  },
  reply: ({ result }, out) => {
    const all = result.diagnostics;
    if (all.length === 0) out.text(out.l10n.t('No errors or warnings.'));
    else out.text(all.length === 1 ? out.l10n.t('1 problem') : out.l10n.t('{0} problems', all.length));
    streamGroups(out, all, result.resolvedWorkspaceUri);
    const caused = result.caused?.diagnostics ?? [];
    if (caused.length > 0) {
      out.text(out.l10n.t('Caused by the change, in the files that use it: {0}', caused.length));
      streamGroups(out, caused, result.resolvedWorkspaceUri);
    }
    return all.length;
  },
};
