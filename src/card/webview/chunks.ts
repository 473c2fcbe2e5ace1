// A large result travels to the card in two messages: the rows of the first paint, then the rest.
// Pure, shared by the extension (split) and the webview (merge).
import type { CardEntry, CardGroup } from './protocol';

/** Rows in the first message: what the first paint shows, so it need not wait for the rest to travel. */
export const FIRST_MESSAGE_ROWS = 200;

/** The entry with its first `limit` rows, and the remaining rows as groups (a group can continue across the split). */
export function splitEntry(entry: CardEntry, limit = FIRST_MESSAGE_ROWS): { first: CardEntry; rest: CardGroup[] } {
  if (entry.result.kind !== 'locations' || entry.result.total <= limit) return { first: entry, rest: [] };
  const head: CardGroup[] = [];
  const rest: CardGroup[] = [];
  let budget = limit;
  for (const group of entry.result.groups) {
    if (budget >= group.rows.length) {
      head.push(group);
      budget -= group.rows.length;
    } else if (budget > 0) {
      head.push({ ...group, rows: group.rows.slice(0, budget) });
      rest.push({ ...group, rows: group.rows.slice(budget) });
      budget = 0;
    } else {
      rest.push(group);
    }
  }
  return { first: { ...entry, result: { ...entry.result, groups: head } }, rest };
}

/** Appends continued rows to an entry in place; returns whether it took them. */
export function mergeRows(entry: CardEntry, groups: readonly CardGroup[]): boolean {
  if (entry.result.kind !== 'locations') return false;
  const target = entry.result.groups;
  for (const group of groups) {
    const last = target.at(-1);
    if (last && last.path === group.path && last.uri === group.uri) last.rows.push(...group.rows);
    else target.push({ ...group, rows: [...group.rows] });
  }
  return true;
}
