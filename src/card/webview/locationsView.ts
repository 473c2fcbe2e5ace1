// The card's rows for lsp's locations: a header per file with its count, then one row per location
// (line:character and the line's preview), appended in chunks; more rows may arrive later.
import { summarize } from '../../text/summary';
import { FIRST_MESSAGE_ROWS } from './chunks';
import { el, icon } from './dom';
import type { CardGroup } from './protocol';
import { RowList } from './rowList';
import type { CardView, Painted, ResultOf } from './view';

function rowNode(uri: string, line: number, character: number, preview: string | undefined): HTMLElement {
  const row = el('div', 'row');
  row.setAttribute('role', 'option');
  row.tabIndex = -1;
  row.dataset.uri = uri;
  row.dataset.line = String(line);
  row.dataset.character = String(character);
  row.appendChild(el('span', 'pos', `${line}:${character}`));
  if (preview !== undefined) row.appendChild(el('span', 'preview', preview));
  return row;
}

export class LocationList extends RowList {
  /** The file of the last row queued: a group continued in a later message gets no second header. */
  private lastPath: string | undefined;

  queueGroups(groups: readonly CardGroup[]): void {
    for (const group of groups) {
      if (group.path !== this.lastPath) {
        this.lastPath = group.path;
        this.queueNode(() => {
          const header = el('div', 'group-header');
          header.appendChild(icon('file'));
          header.appendChild(el('span', 'group-path', group.path));
          // State saved by 0.1.0 has no count.
          header.appendChild(el('span', 'badge count', String(group.count ?? group.rows.length)));
          return header;
        });
      }
      for (const r of group.rows) this.queueRow(() => rowNode(r.uri ?? group.uri, r.line, r.character, r.preview));
    }
  }
}

export function renderLocations(result: ResultOf<'locations'>, view: CardView): (Painted & { list: LocationList }) | undefined {
  const { total } = result;
  const files = result.files ?? result.groups.length;
  view.summary.textContent = total === 0 ? '' : summarize(view.strings.summary, total, files);
  if (total === 0) {
    view.content.appendChild(el('p', 'empty-state empty-results', view.strings.noResults));
    return undefined;
  }
  const list = new LocationList('results');
  view.content.appendChild(list.element);
  list.queueGroups(result.groups);
  list.flush(FIRST_MESSAGE_ROWS);
  return { list, rowCount: () => list.rows.length };
}
