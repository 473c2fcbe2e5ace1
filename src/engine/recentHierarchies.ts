// The outcomes of recent lsp_hierarchy calls, by id (ids drawn from RecentOutcomes, so the card's
// history has one sequence): the card expands their items lazily, the hand-off reopens their
// roots, and @lsp finds the one its tool call made.
import type { HierarchyOutcome } from './hierarchy';
import type { QuerySource, RecentOutcomes } from './recentOutcomes';
import { OUTCOME_HISTORY } from './recentOutcomes';

export interface RecordedHierarchy {
  id: number;
  source: QuerySource;
  outcome: HierarchyOutcome;
}

export class RecentHierarchies {
  private readonly entries = new Map<number, RecordedHierarchy>();

  constructor(
    private readonly ids: RecentOutcomes,
    private readonly limit = OUTCOME_HISTORY,
  ) {}

  record(outcome: HierarchyOutcome, source: QuerySource): number {
    const id = this.ids.reserveId();
    this.entries.set(id, { id, source, outcome });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
    return id;
  }

  /** The newest one. */
  get latest(): RecordedHierarchy | undefined {
    let last: RecordedHierarchy | undefined;
    for (const entry of this.entries.values()) last = entry;
    return last;
  }

  get(id: number): RecordedHierarchy | undefined {
    return this.entries.get(id);
  }

  /** The id of the last outcome of any tool recorded so far. */
  get lastId(): number {
    return this.ids.lastId;
  }

  /** The newest outcome recorded after `afterId` for exactly this input. */
  findAfter(afterId: number, input: Omit<HierarchyOutcome['input'], 'depth'> & { depth?: number }): RecordedHierarchy | undefined {
    let found: RecordedHierarchy | undefined;
    for (const entry of this.entries.values()) {
      const asked = entry.outcome.input;
      if (
        entry.id > afterId && asked.direction === input.direction && asked.file_path === input.file_path &&
        asked.line === input.line && asked.character === input.character && asked.depth === (input.depth ?? 1)
      ) found = entry;
    }
    return found;
  }
}
