// lsp_hierarchy's outcomes as kept in the one RecentOutcomes store: the card expands their items
// lazily, the hand-off reopens their roots, and @lsp finds the one its tool call made.
import type { RecentOutcomes, RecordedOutcome } from '../../engine/recentOutcomes';
import { isHierarchyOutcome, type HierarchyOutcome } from './engine';
import { DEFAULT_DEPTH } from './input';

export type RecordedHierarchy = RecordedOutcome<HierarchyOutcome>;

export class RecentHierarchies {
  constructor(private readonly outcomes: RecentOutcomes) {}

  /** The newest one. */
  get latest(): RecordedHierarchy | undefined {
    return this.outcomes.newestEntryAfter(0, isHierarchyOutcome);
  }

  get(id: number): RecordedHierarchy | undefined {
    return this.outcomes.getAs(id, isHierarchyOutcome);
  }

  /** The id of the last outcome of any tool recorded so far. */
  get lastId(): number {
    return this.outcomes.lastId;
  }

  /** The newest outcome recorded after `afterId` for exactly this input. */
  findAfter(afterId: number, input: Omit<HierarchyOutcome['input'], 'depth'> & { depth?: number }): RecordedHierarchy | undefined {
    return this.outcomes.newestEntryAfter(
      afterId,
      isHierarchyOutcome,
      ({ input: asked }) =>
        asked.direction === input.direction &&
        asked.file_path === input.file_path &&
        asked.line === input.line &&
        asked.character === input.character &&
        asked.depth === (input.depth ?? DEFAULT_DEPTH),
    );
  }
}
