// lsp_hierarchy's outcomes as kept in the one RecentOutcomes store: the card expands their items
// lazily, the hand-off reopens their roots, and @lsp finds the one its tool call made.
import type { HierarchyOutcome } from './hierarchy';
import type { Outcome, QuerySource, RecentOutcomes } from './recentOutcomes';

export interface RecordedHierarchy {
  id: number;
  source: QuerySource;
  outcome: HierarchyOutcome;
}

export function isHierarchyOutcome(outcome: Outcome | undefined): outcome is HierarchyOutcome {
  return outcome?.result.kind === 'hierarchy';
}

export class RecentHierarchies {
  constructor(private readonly outcomes: RecentOutcomes) {}

  record(outcome: HierarchyOutcome, source: QuerySource): number {
    return this.outcomes.record(outcome, source);
  }

  private *hierarchies(): Generator<RecordedHierarchy> {
    for (const { id, source, outcome } of this.outcomes.all()) if (isHierarchyOutcome(outcome)) yield { id, source, outcome };
  }

  /** The newest one. */
  get latest(): RecordedHierarchy | undefined {
    let last: RecordedHierarchy | undefined;
    for (const entry of this.hierarchies()) last = entry;
    return last;
  }

  get(id: number): RecordedHierarchy | undefined {
    const entry = this.outcomes.get(id);
    return entry && isHierarchyOutcome(entry.outcome) ? { id: entry.id, source: entry.source, outcome: entry.outcome } : undefined;
  }

  /** The id of the last outcome of any tool recorded so far. */
  get lastId(): number {
    return this.outcomes.lastId;
  }

  /** The newest outcome recorded after `afterId` for exactly this input. */
  findAfter(afterId: number, input: Omit<HierarchyOutcome['input'], 'depth'> & { depth?: number }): RecordedHierarchy | undefined {
    let found: RecordedHierarchy | undefined;
    for (const entry of this.hierarchies()) {
      const asked = entry.outcome.input;
      if (
        entry.id > afterId && asked.direction === input.direction && asked.file_path === input.file_path &&
        asked.line === input.line && asked.character === input.character && asked.depth === (input.depth ?? 1)
      ) found = entry;
    }
    return found;
  }
}
