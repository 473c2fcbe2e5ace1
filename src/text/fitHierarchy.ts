// lsp_hierarchy's text within a reader's budget (answerBudget.ts): the tree's shape (every item
// maxLocations allows, its position, kind, name and repeat/cycle mark) comes first; call sites
// fill what is left, in the tree's order, and one line says how many items kept theirs. Only when
// the shape does not fit do items give way, with the omission marker and the character limit.
import { characterLimit, gaveWayLine, notesText, omissionMarker } from './fitLocations';
import { NO_RESULTS, withNotes } from './caps';
import { countRelated, itemLine, NONE, nodeSuffix, type HierarchyRenderOptions, type ShownItem, type ShownNode } from './renderHierarchy';

interface TreeLine {
  /** Indent, position, kind and name. */
  head: string;
  /** ` (calls at …)`, or '' */
  sites: string;
  /** ` [cycle]`, ` [repeated]`, or '' */
  mark: string;
  related: boolean;
}

export function formatHierarchyWithin(
  roots: readonly { item: ShownItem; children: readonly ShownNode[] }[],
  options: HierarchyRenderOptions,
  limit: number,
): string {
  const { maxLocations } = options;
  const max = Math.max(0, Math.min(limit, options.maxResultChars));
  if (roots.length === 0) return withNotes(NO_RESULTS, options.notes, max, 'hierarchy');
  const notes = notesText(options.notes);
  const { lines, shown } = treeLines(roots, options);
  const total = roots.reduce((n, root) => n + countRelated(root.children), 0);
  const countMarker = total > shown && shown >= maxLocations ? omissionMarker(total - shown, 'related item', maxLocations) : '';
  let shape = lines.length - 1;
  for (const line of lines) shape += line.head.length + line.mark.length;
  const fixed = shape + countMarker.length + notes.length;
  const join = (keptSites: number, count = lines.length): string => {
    const out = new Array<string>(count);
    let withSites = 0;
    for (let i = 0; i < count; i++) {
      const line = lines[i]!;
      const keep = line.sites !== '' && withSites++ < keptSites;
      out[i] = line.head + (keep ? line.sites : '') + line.mark;
    }
    return out.join('\n');
  };

  if (fixed <= max) {
    const sites = lines.filter((line) => line.sites !== '').map((line) => line.sites.length);
    let kept = 0;
    let used = 0;
    while (kept < sites.length && used + sites[kept]! <= max - fixed) used += sites[kept++]!;
    if (kept === sites.length) return join(kept) + countMarker + notes;
    const room = max - fixed - gaveWayLine('Call sites', sites.length, sites.length, 'item').length;
    while (kept > 0 && used > room) used -= sites[--kept]!;
    if (used <= room) return join(kept) + countMarker + gaveWayLine('Call sites', kept, sites.length, 'item') + notes;
  }

  // Not even the shape fits: the first lines that do, then the marker with the character limit.
  const marker = (omitted: number): string => omissionMarker(omitted, 'related item', characterLimit(max));
  const room = max - notes.length - Math.max(marker(total).length, countMarker.length);
  let written = 0;
  let related = 0;
  let length = 0;
  while (written < lines.length) {
    const line = lines[written]!;
    const next = length + (written > 0 ? 1 : 0) + line.head.length + line.mark.length;
    if (next > room) break;
    length = next;
    written++;
    if (line.related) related++;
  }
  // Here the call sites gave way and the line saying so did not fit: an item makes room for the marker.
  if (written === lines.length && lines[--written]!.related) related--;
  // Not even one line and the marker fit: the text cut at the limit, with the truncation notice.
  if (written === 0) return withNotes(join(0) + countMarker, options.notes, max, 'hierarchy');
  return join(0, written) + marker(total - related) + notes;
}

/** The tree's lines, at most maxLocations related items, and how many related items they show. */
function treeLines(
  roots: readonly { item: ShownItem; children: readonly ShownNode[] }[],
  options: HierarchyRenderOptions,
): { lines: TreeLine[]; shown: number } {
  const { direction, pathOf, maxLocations } = options;
  const lines: TreeLine[] = [];
  let shown = 0;
  let full = false;
  const write = (nodes: readonly ShownNode[], indent: string): void => {
    for (const node of nodes) {
      if (shown >= maxLocations) {
        full = true;
        return;
      }
      lines.push({
        head: `${indent}${itemLine(node.item, pathOf)}`,
        sites: nodeSuffix({ fromRanges: node.fromRanges }, direction),
        mark: nodeSuffix({ cycle: node.cycle, repeated: node.repeated }, direction),
        related: true,
      });
      shown++;
      write(node.children, `${indent}  `);
      if (full) return;
    }
  };
  for (const root of roots) {
    if (full) break;
    lines.push({ head: itemLine(root.item, pathOf), sites: '', mark: '', related: false });
    if (root.children.length === 0) lines.push({ head: `  ${NONE[direction]}`, sites: '', mark: '', related: false });
    else write(root.children, '  ');
  }
  return { lines, shown };
}
