// Builds the card's view of a query result (pure): grouped rows with one-based positions and previews.
import type { LspLocation, LspQueryResult } from '../seam/types';
import { displayPath, previewText, type WorkspaceRoot } from '../tool/render';
import type { CardEntry, CardGroup, QuerySource } from './protocol';

export interface EntryInput {
  id: number;
  title: string;
  source: QuerySource;
  operation: CardEntry['operation'];
  result: LspQueryResult;
  notes: string[];
  roots: readonly WorkspaceRoot[];
  preview?: (location: LspLocation) => string | undefined;
}

export function toCardEntry(input: EntryInput): CardEntry {
  const { result } = input;
  const base = { id: input.id, title: input.title, operation: input.operation, source: input.source, completeness: result.completeness, notes: input.notes };
  if (result.kind === 'hover') return { ...base, result: { kind: 'hover', markdown: result.hover?.contents ?? null } };
  const groups = new Map<string, CardGroup>();
  const byUri = new Map<string, CardGroup>();
  for (const location of result.locations) {
    let group = byUri.get(location.uri);
    if (!group) {
      const path = displayPath(location.uri, result.resolvedWorkspaceUri, input.roots);
      group = groups.get(path);
      if (!group) {
        group = { path, uri: location.uri, count: 0, rows: [] };
        groups.set(path, group);
      }
      byUri.set(location.uri, group);
    }
    const source = input.preview?.(location);
    group.count++;
    group.rows.push({
      ...(location.uri === group.uri ? {} : { uri: location.uri }),
      line: location.range.start.line + 1,
      character: location.range.start.character + 1,
      ...(source === undefined ? {} : { preview: previewText(source) }),
    });
  }
  return { ...base, result: { kind: 'locations', total: result.locations.length, files: groups.size, groups: [...groups.values()] } };
}
