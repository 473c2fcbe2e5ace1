// The outcomes of recent queries, owned by the extension: the card shows them by id, the
// References view hand-off takes one back by id, and the @lsp participant finds the one its
// tool call made. One bound for all: the card's history.
import type { QueryOutcome } from './queryEngine';
import type { HierarchyOutcome } from './hierarchy';
import type { SymbolsOutcome } from './symbolsQuery';

/** Any tool's outcome (told apart by `result.kind`). */
export type Outcome = QueryOutcome | SymbolsOutcome | HierarchyOutcome;

/** An outcome of the `lsp` tool (locations or hover at a position). */
export function isQueryOutcome(outcome: Outcome | undefined): outcome is QueryOutcome {
  return outcome !== undefined && (outcome.result.kind === 'locations' || outcome.result.kind === 'hover');
}

/** Queries kept: the card's back/forward history. */
export const OUTCOME_HISTORY = 50;

export type QuerySource = 'tool' | 'command' | 'participant' | 'mcp';

export interface RecordedOutcome {
  id: number;
  source: QuerySource;
  outcome: Outcome;
}

export class RecentOutcomes {
  private readonly entries = new Map<number, RecordedOutcome>();
  private nextId = 1;
  /** The entry the card shows (back/forward included); undefined before the first query. */
  private currentId: number | undefined;

  constructor(private readonly limit = OUTCOME_HISTORY) {}

  /** Keeps an outcome and makes it current; returns its id (ids only increase). */
  record(outcome: Outcome, source: QuerySource): number {
    const id = this.nextId++;
    this.entries.set(id, { id, source, outcome });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
    this.currentId = id;
    return id;
  }

  get(id: number): RecordedOutcome | undefined {
    return this.entries.get(id);
  }

  /** The id of the last outcome recorded so far (0 before any). */
  get lastId(): number {
    return this.nextId - 1;
  }

  /** The newest outcome recorded after `afterId` for exactly this tool input. */
  findAfter(afterId: number, input: QueryOutcome['input']): QueryOutcome | undefined {
    let found: QueryOutcome | undefined;
    for (const entry of this.entries.values()) {
      const { outcome } = entry;
      if (!isQueryOutcome(outcome) || entry.id <= afterId) continue;
      const asked = outcome.input;
      if (asked.operation === input.operation && asked.file_path === input.file_path && asked.line === input.line && asked.character === input.character) found = outcome;
    }
    return found;
  }

  /** The newest outcome of a kind recorded after `afterId` (what a tool call just made). */
  newestAfter<T extends Outcome>(afterId: number, is: (outcome: Outcome) => outcome is T): T | undefined {
    let found: T | undefined;
    for (const entry of this.entries.values()) if (entry.id > afterId && is(entry.outcome)) found = entry.outcome;
    return found;
  }

  /** Every outcome kept, oldest first. */
  all(): IterableIterator<RecordedOutcome> {
    return this.entries.values();
  }

  get current(): RecordedOutcome | undefined {
    return this.currentId === undefined ? undefined : this.entries.get(this.currentId);
  }

  /** The card moved through its history. */
  setCurrent(id: number): void {
    if (this.entries.has(id)) this.currentId = id;
  }

  get size(): number {
    return this.entries.size;
  }
}
