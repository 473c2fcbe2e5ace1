// An `lsp` result's locations grouped by file (pure), with one-based positions and previews: what
// the card shows (card.ts) and what @lsp streams (src/chat/participant.ts), grouped the same way.
import type { LspLocation } from '../../engine/result';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { groupByFile } from '../../text/groupByFile';
import { previewText } from '../../text/render';

export interface LocationRow {
  /** Only when it differs from the group's URI. */
  uri?: string;
  /** One-based, as shown. */
  line: number;
  character: number;
  preview?: string;
}

export interface LocationGroup {
  /** The file's display path. */
  path: string;
  uri: string;
  count: number;
  rows: LocationRow[];
}

/**
 * The locations by display path, files in the order they first appear. Files with the same display
 * path (the same file under two URIs) share a group, as in the tool's text.
 */
export function groupLocations(
  locations: readonly LspLocation[],
  resolvedWorkspaceUri: string,
  roots: readonly WorkspaceRoot[],
  preview?: (location: LspLocation) => string | undefined,
): LocationGroup[] {
  const pathFor = displayPaths(resolvedWorkspaceUri, roots);
  return groupByFile(locations, (l) => pathFor(l.uri)).map(({ key, items }) => {
    const uri = items[0]!.uri;
    return {
      path: key,
      uri,
      count: items.length,
      rows: items.map((location) => {
        const source = preview?.(location);
        return {
          ...(location.uri === uri ? {} : { uri: location.uri }),
          line: location.range.start.line + 1,
          character: location.range.start.character + 1,
          ...(source === undefined ? {} : { preview: previewText(source) }),
        };
      }),
    };
  });
}
