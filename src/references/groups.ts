// Pure helpers for the References view hand-off: files in first-appearance order, row labels.
import type { LspLocation } from '../seam/types';

export interface FileGroup {
  uri: string;
  locations: LspLocation[];
}

/** Groups locations by file, files in the order they first appear (as the card and the tool text do). */
export function groupByFile(locations: readonly LspLocation[]): FileGroup[] {
  const groups = new Map<string, FileGroup>();
  for (const location of locations) {
    let group = groups.get(location.uri);
    if (!group) {
      group = { uri: location.uri, locations: [] };
      groups.set(location.uri, group);
    }
    group.locations.push(location);
  }
  return [...groups.values()];
}

export const LABEL_MAX = 250;

/**
 * A row's label: its source line without leading whitespace, with the location's span (clamped to
 * the line) as the highlight, cut to `max` characters.
 */
export function previewLabel(lineText: string, start: number, end: number, max = LABEL_MAX): { label: string; highlight: [number, number] } {
  const indent = lineText.length - lineText.trimStart().length;
  const from = Math.min(indent, start);
  const label = lineText.slice(from).trimEnd().slice(0, max);
  const s = Math.max(0, Math.min(label.length, start - from));
  const e = Math.max(s, Math.min(label.length, end - from));
  return { label, highlight: [s, e] };
}
