// The text of an lsp_rename answer (pure): the counts, the changed locations grouped by file at their
// new positions (within the reader's budget), then what the rename broke, then the notes.
import type { CallerView } from '../../engine/callerFiles';
import type { LspToolSettings } from '../../engine/settings';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { formatLocations } from '../../text/render';
import { diagnosticLine } from '../../text/renderDiagnostics';
import { counted } from '../../engine/queryLog';
import type { RenameResult } from './engine';

export interface RenameRenderOptions {
  roots: readonly WorkspaceRoot[];
  settings: LspToolSettings;
  notes: readonly string[];
  /** The changed files' lines after the rename, for previews. */
  lines: ReadonlyMap<string, string[]>;
  view: CallerView;
}

export function renameText(result: RenameResult, options: RenameRenderOptions): string {
  const { settings } = options;
  const pathOf = displayPaths(result.resolvedWorkspaceUri, options.roots);
  const header = `Renamed \`${result.oldName}\` to \`${result.newName}\`: ${counted(result.locations.length, 'edit')} in ${counted(result.files.length, 'file')}.`;
  const unsaved =
    result.unsaved.length === 0
      ? ''
      : `\nLeft unsaved in the editor: ${result.unsaved.map(pathOf).join(', ')}${options.view === 'disk' ? '' : " (they had unsaved changes before; the rename is in the editor's text)"}.`;
  const broke =
    result.broke.length === 0
      ? result.checkComplete
        ? 'The rename broke nothing: no new errors in the changed files or the files that use them.'
        : 'No new errors found in the files that could be checked (see the notes).'
      : `The rename caused ${counted(result.broke.length, 'new error')}:\n${result.broke.map((d) => diagnosticLine(d, pathOf(d.uri))).join('\n')}`;
  const notes = options.notes.map((note) => `\nNote: ${note}`).join('');
  const fixed = `${header}${unsaved}\n\n${broke}${notes}`;
  // The locations take what the rest leaves of the budget.
  const room = Math.max(200, settings.maxResultChars - fixed.length - 4);
  const locations = formatLocations(result.locations, {
    resolvedWorkspaceUri: result.resolvedWorkspaceUri,
    roots: options.roots,
    maxLocations: settings.maxLocations,
    maxResultChars: room,
    ...(settings.linePreview ? { preview: (l) => options.lines.get(l.uri)?.[l.range.start.line] } : {}),
  });
  return `${header}${unsaved}\n${locations}\n\n${broke}${notes}`;
}
