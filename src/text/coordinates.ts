// The bottom of every layer (pure): positions, ranges and hierarchy directions, declared once.

/** Zero-based line and UTF-16 character. */
export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

export interface LspLocation {
  uri: string;
  range: LspRange;
}

export type HierarchyDirection = 'incomingCalls' | 'outgoingCalls' | 'supertypes' | 'subtypes';

export const HIERARCHY_DIRECTIONS: readonly HierarchyDirection[] = ['incomingCalls', 'outgoingCalls', 'supertypes', 'subtypes'];
