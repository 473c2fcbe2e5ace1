// The search card's script (runs in the webview, type-checked with the DOM lib): wires the history,
// the messages from the extension, one renderer per entry kind, and navigation. DOM is built with
// textContent only; it talks to the extension only through protocol.ts (host.ts).
import { mergeRows } from './chunks';
import { el, icon } from './dom';
import { CardHistory } from './history';
import { connectHost } from './host';
import { renderHierarchy, type HierarchyTreeView } from './hierarchyView';
import { renderHover } from './hoverView';
import { historyKeys, navigateRows } from './keyboard';
import { renderLocations, type LocationList } from './locationsView';
import type { CardEntry, CardGroup, CardStrings, ToCard } from './protocol';
import type { RowList } from './rowList';
import { renderSymbols } from './symbolsView';
import { setTreeChildren } from './treeNodes';
import { format, unreachable, type CardView, type Painted } from './view';

(() => {
  const host = connectHost();
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const title = $('title');
  const status = $('status');
  const back = $<HTMLButtonElement>('back');
  const forward = $<HTMLButtonElement>('forward');
  const openInReferences = $<HTMLButtonElement>('openInReferences');
  const openInHierarchy = $<HTMLButtonElement>('openInHierarchy');
  const view: CardView = {
    content: $('content'),
    summary: $('summary'),
    strings: JSON.parse(document.body.dataset.strings ?? '{}') as CardStrings,
    format,
    post: (message) => host.post(message),
  };
  const history = new CardHistory(host.saved());

  /** What the entry on screen drew: its row list (which may still grow) or its tree. */
  let shown: { list?: RowList; locations?: LocationList; tree?: HierarchyTreeView } = {};
  let renderToken = 0;

  /** Draws the entry's result with the renderer of its kind; a kind without one fails the type check. */
  function draw(entry: CardEntry): Painted | undefined {
    const { result } = entry;
    switch (result.kind) {
      case 'locations': {
        const drawn = renderLocations(result, view);
        shown = { list: drawn?.list, locations: drawn?.list };
        return drawn;
      }
      case 'symbols': {
        const drawn = renderSymbols(result, view);
        shown = { list: drawn?.list };
        return drawn;
      }
      case 'hierarchy': {
        const drawn = renderHierarchy(entry, result, view);
        shown = { tree: drawn?.tree };
        return drawn;
      }
      case 'hover':
        renderHover(result, view);
        return undefined;
      default:
        return unreachable(result);
    }
  }

  function render(receivedAt = Date.now()): void {
    const token = ++renderToken;
    const started = performance.now();
    shown.list?.stop();
    shown = {};
    view.content.textContent = '';
    status.textContent = '';
    const entry = history.current;
    back.disabled = !history.canGoBack;
    forward.disabled = !history.canGoForward;
    openInReferences.disabled = !(entry?.result.kind === 'locations' && entry.result.total > 0);
    openInHierarchy.hidden = entry?.result.kind !== 'hierarchy';
    openInHierarchy.disabled = !(entry?.result.kind === 'hierarchy' && entry.result.roots.length > 0);
    if (!entry) {
      title.textContent = '';
      view.summary.textContent = '';
      view.content.appendChild(el('p', 'empty-state', document.body.dataset.empty ?? ''));
      return;
    }
    title.textContent = entry.title;
    title.title = entry.title;
    if (entry.completeness !== 'complete') {
      const badge = el('div', `completeness ${entry.completeness}`);
      badge.appendChild(icon(entry.completeness === 'partial' ? 'warning' : 'info'));
      badge.appendChild(el('span', undefined, entry.completeness === 'partial' ? view.strings.partial : view.strings.noProvider));
      status.appendChild(badge);
    }
    for (const note of entry.notes) status.appendChild(el('div', 'note', format(view.strings.note, note)));
    const painted = draw(entry);
    if (!painted) return;
    requestAnimationFrame(() => {
      if (token !== renderToken) return;
      host.post({ type: 'rendered', id: entry.id, rows: painted.rowCount(), firstPaintMs: performance.now() - started, receivedAt });
    });
  }

  /** Saving the history can wait for the next task: the paint comes first. */
  function persistSoon(): void {
    setTimeout(() => host.save(history.persisted(view.strings.rowsNotKept)), 0);
  }

  /** The rest of an entry's rows arrived: keep them in the history, and show them if the entry is on screen. */
  function appendRows(id: number, groups: readonly CardGroup[]): void {
    const entry = history.find(id);
    if (!entry || !mergeRows(entry, groups)) return;
    if (history.current !== entry || !shown.locations) return;
    shown.locations.queueGroups(groups);
    shown.locations.resume();
  }

  /** The extension hands "the current result" to the References view, so it follows back/forward. */
  function navigated(): void {
    const entry = history.current;
    if (entry) host.post({ type: 'navigated', id: entry.id });
  }

  function move(step: () => boolean): void {
    if (!step()) return;
    host.save(history.persisted(view.strings.rowsNotKept));
    render();
    navigated();
  }

  navigateRows(view.content, {
    rows: () => shown.list?.rows ?? [],
    open: (row) => host.post({ type: 'open', uri: row.dataset.uri ?? '', line: Number(row.dataset.line), character: Number(row.dataset.character) }),
  });
  back.addEventListener('click', () => move(() => history.back()));
  forward.addEventListener('click', () => move(() => history.forward()));
  historyKeys(back, forward);
  openInHierarchy.addEventListener('click', () => {
    const entry = history.current;
    if (entry) host.post({ type: 'openInHierarchy', id: entry.id });
  });
  openInReferences.addEventListener('click', () => {
    const entry = history.current;
    if (entry) host.post({ type: 'openInReferences', id: entry.id });
  });

  window.addEventListener('message', (event: MessageEvent<ToCard>) => {
    const receivedAt = Date.now();
    const message = event.data;
    switch (message.type) {
      case 'show':
        history.show(message.entry);
        break;
      case 'rows':
        appendRows(message.id, message.groups);
        persistSoon();
        return;
      case 'hierarchyChildren': {
        const entry = history.find(message.id);
        if (entry && setTreeChildren(entry, message.key, message.children) && history.current === entry) {
          shown.tree?.addChildren(message.key, message.children);
          if (entry.result.kind === 'hierarchy') view.summary.textContent = format(view.strings.hierarchySummary, entry.result.total);
        }
        persistSoon();
        return;
      }
      case 'restore':
        if (!history.isEmpty) return;
        history.restore(message.entries, message.index);
        break;
      default:
        return;
    }
    render(receivedAt);
    persistSoon();
  });

  render();
  host.post({ type: 'ready' });
})();
