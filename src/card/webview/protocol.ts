// Typed messages between the extension and the search card webview (both directions).
import type { QuerySource } from '../../engine/recentOutcomes';
import { OUTCOME_HISTORY } from '../../engine/recentOutcomes';
import type { Completeness, LspOperation } from '../../engine/result';
import type { HierarchyDirection } from '../../engine/ports';
import type { SummaryTemplates } from '../../text/summary';

export interface CardRow {
  /** Only when it differs from the group's URI (keeps 5,000-row messages small). */
  uri?: string;
  /** One-based, as shown. */
  line: number;
  character: number;
  preview?: string;
}

export interface CardGroup {
  path: string;
  uri: string;
  /** All rows of this file, also when a message carries only some of them. */
  count: number;
  rows: CardRow[];
}

/** A symbol row: its name, kind and where its name starts (one-based), indented by `depth` in an outline. */
export interface CardSymbol {
  name: string;
  kind: string;
  container?: string;
  depth: number;
  path: string;
  uri: string;
  line: number;
  character: number;
}

/** An item of a hierarchy tree as the card shows it (positions one-based). */
export interface CardTreeNode {
  /** Where it is in its entry's tree ("0/2/1"): how the card asks for its children. */
  key: string;
  name: string;
  /** The codicon of its kind. */
  icon: string;
  kind: string;
  detail?: string;
  path: string;
  uri: string;
  line: number;
  character: number;
  /** Call sites, in the file where each call is written. */
  sites?: { uri: string; path: string; line: number; character: number }[];
  repeated?: true;
  cycle?: true;
  /** Undefined: not asked yet (the card fetches them when the node is expanded). */
  children?: CardTreeNode[];
}

/** What every entry has, whichever tool made it. */
export interface CardEntryHeader {
  /** Increases with every query; the webview uses it to drop stale renders. */
  id: number;
  /** What the call asked, in the display language; a name in backticks is drawn as code. */
  title: string;
  /** The call as the caller wrote it (`LSP findReferences src/a.ts:3:17`), shown under the title's tooltip. */
  call?: string;
  source: QuerySource;
  completeness: Completeness;
  notes: string[];
}

/** What a tool's outcome draws in the card: a closed union of the kinds the webview can draw. */
export interface CardBody {
  /** A call that changed files and can put them back: the card shows Undo. */
  undoable?: boolean;
  /** The `lsp` operation, or the companion tool's question. */
  operation: LspOperation | 'symbols' | 'outline' | 'diagnostics' | 'rename' | HierarchyDirection;
  result:
    | { kind: 'locations'; total: number; files: number; groups: CardGroup[] }
    | { kind: 'hover'; markdown: string | null }
    | { kind: 'symbols'; outline: boolean; symbols: CardSymbol[] }
    | { kind: 'hierarchy'; direction: HierarchyDirection; total: number; roots: CardTreeNode[] };
}

export type CardEntry = CardEntryHeader & CardBody;

/** Extension -> webview. */
export type ToCard =
  | { type: 'show'; entry: CardEntry }
  /** The rest of a shown entry's rows (see chunks.ts). */
  | { type: 'rows'; id: number; groups: CardGroup[] }
  | { type: 'restore'; entries: CardEntry[]; index: number }
  /** Children of a hierarchy node the card expanded past the walked depth. */
  | { type: 'hierarchyChildren'; id: number; key: string; children: CardTreeNode[] };

/** Webview -> extension. */
export type FromCard =
  | { type: 'ready' }
  | { type: 'open'; uri: string; line: number; character: number }
  | { type: 'openLink'; href: string }
  | { type: 'rendered'; id: number; rows: number; firstPaintMs: number; receivedAt: number }
  | { type: 'navigated'; id: number }
  | { type: 'openInReferences'; id: number }
  | { type: 'expandHierarchy'; id: number; key: string }
  | { type: 'openInHierarchy'; id: number }
  | { type: 'undo'; id: number };

/** Every string the card shows, localised by the extension and sent in the HTML; `{0}` marks an argument. */
export interface CardStrings {
  back: string;
  forward: string;
  openInReferences: string;
  undo: string;
  empty: string;
  summary: SummaryTemplates;
  noResults: string;
  noHover: string;
  partial: string;
  noProvider: string;
  /** Note: {0} */
  note: string;
  rowsNotKept: string;
  openInHierarchy: string;
  /** Per direction: what a root with nothing related says. */
  hierarchyNone: Record<HierarchyDirection, string>;
  /** "calls at {0}" (incoming) and "called at {0}" (outgoing). */
  callsAt: string;
  calledAt: string;
  repeated: string;
  cycle: string;
  loading: string;
  /** "1 related item", "{0} related items" */
  hierarchySummary: { one: string; many: string };
}

export const HISTORY_LIMIT = OUTCOME_HISTORY;
/** Rows persisted with setState across all history entries; older entries keep their summary only. */
export const PERSISTED_ROWS_LIMIT = 10_000;

export function isFromCard(value: unknown): value is FromCard {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return true;
    case 'open':
      return typeof m.uri === 'string' && Number.isInteger(m.line) && Number.isInteger(m.character);
    case 'openLink':
      return typeof m.href === 'string';
    case 'rendered':
      return typeof m.id === 'number' && typeof m.rows === 'number' && typeof m.firstPaintMs === 'number' && typeof m.receivedAt === 'number';
    case 'navigated':
    case 'openInReferences':
    case 'openInHierarchy':
    case 'undo':
      return Number.isInteger(m.id);
    case 'expandHierarchy':
      return Number.isInteger(m.id) && typeof m.key === 'string';
    default:
      return false;
  }
}
