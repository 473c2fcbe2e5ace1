// The text lsp_hierarchy's model reads: one line per item, `path:line:character: kind name`,
// related items indented two spaces per level, call sites after the call lines, marks for
// repeats and cycles; the count cap and the character cap as in `lsp`'s text.
import type { HierarchyDirection } from './coordinates';
import { NO_RESULTS, omittedLine, withNotes } from './caps';

interface ShownPosition {
  line: number;
  character: number;
}

export interface ShownItem {
  name: string;
  kind: string;
  uri: string;
  selectionRange: { start: ShownPosition };
}

export interface ShownNode {
  item: ShownItem;
  fromRanges?: readonly { start: ShownPosition }[];
  children: readonly ShownNode[];
  repeated?: boolean;
  cycle?: boolean;
}

export interface HierarchyRenderOptions {
  direction: HierarchyDirection;
  /** The display path of a URI (as `lsp` renders paths). */
  pathOf: (uri: string) => string;
  maxLocations: number;
  maxResultChars: number;
  notes?: readonly string[];
}

/** What a root with nothing related says, per direction. */
export const NONE: Record<HierarchyDirection, string> = {
  incomingCalls: '(no callers)',
  outgoingCalls: '(no callees)',
  supertypes: '(no supertypes)',
  subtypes: '(no subtypes)',
};

/** Incoming: the child calls its parent at these sites (in the child's file). Outgoing: the parent calls the child there (in the parent's file). */
const SITES: Partial<Record<HierarchyDirection, string>> = { incomingCalls: 'calls at', outgoingCalls: 'called at' };

export function itemLine(item: ShownItem, pathOf: (uri: string) => string): string {
  const at = item.selectionRange.start;
  return `${pathOf(item.uri)}:${at.line + 1}:${at.character + 1}: ${item.kind} ${item.name}`;
}

export function nodeSuffix(node: Omit<ShownNode, 'item' | 'children'>, direction: HierarchyDirection): string {
  let suffix = '';
  const sites = SITES[direction];
  if (sites !== undefined && node.fromRanges !== undefined && node.fromRanges.length > 0) {
    suffix += ` (${sites} ${node.fromRanges.map((r) => `${r.start.line + 1}:${r.start.character + 1}`).join(', ')})`;
  }
  if (node.cycle) suffix += ' [cycle]';
  else if (node.repeated) suffix += ' [repeated]';
  return suffix;
}

export function countRelated(nodes: readonly ShownNode[]): number {
  let n = 0;
  for (const node of nodes) n += 1 + countRelated(node.children);
  return n;
}

export function formatHierarchy(roots: readonly { item: ShownItem; children: readonly ShownNode[] }[], options: HierarchyRenderOptions): string {
  const { direction, pathOf, maxLocations, maxResultChars } = options;
  if (roots.length === 0) return withNotes(NO_RESULTS, options.notes, maxResultChars, 'hierarchy');
  const lines: string[] = [];
  let shown = 0;
  let chars = 0;
  let full = false;
  const push = (line: string): void => {
    lines.push(line);
    chars += line.length + 1;
  };
  const write = (nodes: readonly ShownNode[], indent: string): void => {
    for (const node of nodes) {
      if (shown >= maxLocations || chars > maxResultChars) {
        full = true;
        return;
      }
      push(`${indent}${itemLine(node.item, pathOf)}${nodeSuffix(node, direction)}`);
      shown++;
      write(node.children, `${indent}  `);
      if (full) return;
    }
  };
  for (const root of roots) {
    if (full || chars > maxResultChars) break;
    push(itemLine(root.item, pathOf));
    if (root.children.length === 0) push(`  ${NONE[direction]}`);
    else write(root.children, '  ');
  }
  const total = roots.reduce((n, root) => n + countRelated(root.children), 0);
  let text = lines.join('\n');
  // Past the character cap the text is cut anyway; the count marker speaks only for the count cap.
  if (total > shown && shown >= maxLocations) {
    const omitted = total - shown;
    text += omittedLine(omitted, 'related item', maxLocations);
  }
  return withNotes(text, options.notes, maxResultChars, 'hierarchy');
}
