// The outcomes of recent calls, owned by the extension: the card shows them by id, the hand-offs
// take one back by id, and @lsp finds the one its tool call made. One bound for all: the card's
// history. Generic: it keeps any tool's outcome by its header; each tool's guard tells its own apart.
import type { OutcomeHeader } from './outcome';

/** Queries kept: the card's back/forward history. */
export const OUTCOME_HISTORY = 50;

/** Who made the call: a language-model tool call, an MCP client, a palette command, @lsp. */
export type QuerySource = 'tool' | 'mcp' | 'command' | 'participant';

export interface RecordedOutcome<O extends OutcomeHeader = OutcomeHeader> {
  id: number;
  source: QuerySource;
  /** Who called, when the transport knows (an MCP client's name). */
  label?: string;
  outcome: O;
}

export class RecentOutcomes {
  private readonly entries = new Map<number, RecordedOutcome>();
  private nextId = 1;
  /** The entry the card shows (back/forward included); undefined before the first query. */
  private currentId: number | undefined;

  constructor(private readonly limit = OUTCOME_HISTORY) {}

  /** Keeps an outcome and makes it current; returns its id (ids only increase). */
  record(outcome: OutcomeHeader, source: QuerySource, label?: string): number {
    const id = this.nextId++;
    this.entries.set(id, label === undefined ? { id, source, outcome } : { id, source, label, outcome });
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

  /** The entry `id` when its outcome is of the kind `is` accepts. */
  getAs<T extends OutcomeHeader>(id: number, is: (outcome: OutcomeHeader) => outcome is T): RecordedOutcome<T> | undefined {
    const entry = this.entries.get(id);
    return entry && is(entry.outcome) ? (entry as RecordedOutcome<T>) : undefined;
  }

  /** The id of the last outcome recorded so far (0 before any). */
  get lastId(): number {
    return this.nextId - 1;
  }

  /** The newest outcome of a kind recorded after `afterId` (what a tool call just made), optionally for exactly this input. */
  newestAfter<T extends OutcomeHeader>(
    afterId: number,
    is: (outcome: OutcomeHeader) => outcome is T,
    matches: (outcome: T) => boolean = () => true,
  ): T | undefined {
    return this.newestEntryAfter(afterId, is, matches)?.outcome;
  }

  newestEntryAfter<T extends OutcomeHeader>(
    afterId: number,
    is: (outcome: OutcomeHeader) => outcome is T,
    matches: (outcome: T) => boolean = () => true,
  ): RecordedOutcome<T> | undefined {
    let found: RecordedOutcome<T> | undefined;
    for (const entry of this.entries.values()) {
      if (entry.id > afterId && is(entry.outcome) && matches(entry.outcome)) found = entry as RecordedOutcome<T>;
    }
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
