// The card's history (pure): the entries shown, which one is on screen, back and forward, and what
// is saved with setState (a bounded number of rows: the newest entries keep theirs).
import type { CardEntry } from './protocol';
import { HISTORY_LIMIT, PERSISTED_ROWS_LIMIT } from './protocol';

export interface CardState {
  entries: CardEntry[];
  index: number;
}

export class CardHistory {
  private state: CardState;

  /** `saved`: what an earlier page of this view saved, if it is a history. */
  constructor(saved: unknown) {
    const state = saved as CardState | undefined;
    this.state = state && Array.isArray(state.entries) ? state : { entries: [], index: -1 };
  }

  get current(): CardEntry | undefined {
    return this.state.entries[this.state.index];
  }

  get isEmpty(): boolean {
    return this.state.entries.length === 0;
  }

  get canGoBack(): boolean {
    return this.state.index > 0;
  }

  get canGoForward(): boolean {
    return this.state.index < this.state.entries.length - 1;
  }

  find(id: number): CardEntry | undefined {
    return this.state.entries.find((e) => e.id === id);
  }

  /** A new entry after the one on screen (dropping any forward entries), shown now. */
  show(entry: CardEntry): void {
    const entries = this.state.entries.slice(0, this.state.index + 1);
    entries.push(entry);
    this.state = { entries: entries.slice(-HISTORY_LIMIT), index: Math.min(entries.length, HISTORY_LIMIT) - 1 };
  }

  /** The extension's copy of the history, for a page that has none. */
  restore(entries: readonly CardEntry[], index: number): void {
    this.state = { entries: entries.slice(-HISTORY_LIMIT), index: Math.min(index, HISTORY_LIMIT - 1) };
  }

  back(): boolean {
    if (!this.canGoBack) return false;
    this.state.index--;
    return true;
  }

  forward(): boolean {
    if (!this.canGoForward) return false;
    this.state.index++;
    return true;
  }

  /** What setState keeps: older entries past PERSISTED_ROWS_LIMIT rows keep their summary and `rowsNotKept` as a note. */
  persisted(rowsNotKept: string): CardState {
    let budget = PERSISTED_ROWS_LIMIT;
    const entries = [...this.state.entries].reverse().map((entry) => {
      if (entry.result.kind !== 'locations') return entry;
      const rows = entry.result.groups.reduce((n, g) => n + g.rows.length, 0);
      if (rows <= budget) {
        budget -= rows;
        return entry;
      }
      return { ...entry, result: { ...entry.result, groups: [] }, notes: [...entry.notes, rowsNotKept] };
    });
    return { entries: entries.reverse(), index: this.state.index };
  }
}
