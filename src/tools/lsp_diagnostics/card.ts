// Builds the card's view of an lsp_diagnostics result (pure): rows grouped by file, each row's text
// the severity and the message, as the tool's lines show them.
import type { DiagnosticsResult } from '../../engine/result';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { groupByFile } from '../../text/groupByFile';
import { oneLine } from '../../text/renderDiagnostics';
import type { CardBody, CardGroup } from '../../card/webview/protocol';

export function diagnosticsCardBody(result: DiagnosticsResult, roots: readonly WorkspaceRoot[]): CardBody {
  const pathOf = displayPaths(result.resolvedWorkspaceUri, roots);
  // A changed file's answer, then the errors its change caused in the files that use it.
  const all = [...result.diagnostics, ...(result.caused?.diagnostics ?? [])];
  const groups: CardGroup[] = groupByFile(all, (d) => pathOf(d.uri)).map(({ key, items }) => ({
    path: key,
    uri: items[0]!.uri,
    count: items.length,
    rows: items.map((d) => ({
      line: d.range.start.line + 1,
      character: d.range.start.character + 1,
      preview: `${d.severity}: ${oneLine(d.message)}${d.source === undefined ? '' : ` (${[d.source, d.code].filter((p) => p !== undefined).join(' ')})`}`,
    })),
  }));
  return { operation: 'diagnostics', result: { kind: 'locations', total: all.length, files: groups.length, groups } };
}
