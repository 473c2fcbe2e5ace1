// Builds the card's view of an lsp_rename result (pure): every changed location, grouped by file at
// its new position, then the errors the rename caused.
import type { CardBody, CardGroup } from '../../card/webview/protocol';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { groupByFile } from '../../text/groupByFile';
import { oneLine } from '../../text/renderDiagnostics';
import type { RenameResult } from './engine';

export function renameCardBody(result: RenameResult, roots: readonly WorkspaceRoot[], lines: ReadonlyMap<string, string[]>): CardBody {
  const pathOf = displayPaths(result.resolvedWorkspaceUri, roots);
  const rows = [
    ...result.locations.map((l) => ({ uri: l.uri, range: l.range, preview: lines.get(l.uri)?.[l.range.start.line]?.trim() ?? result.newName })),
    ...result.broke.map((d) => ({ uri: d.uri, range: d.range, preview: `error: ${oneLine(d.message)}` })),
  ];
  const groups: CardGroup[] = groupByFile(rows, (r) => pathOf(r.uri)).map(({ key, items }) => ({
    path: key,
    uri: items[0]!.uri,
    count: items.length,
    rows: items.map((r) => ({ line: r.range.start.line + 1, character: r.range.start.character + 1, preview: r.preview })),
  }));
  return { operation: 'rename', result: { kind: 'locations', total: rows.length, files: groups.length, groups } };
}
