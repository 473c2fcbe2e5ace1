// The search card's script (runs in the webview, type-checked with the DOM lib): wires the history,
// the messages from the extension, one renderer per entry kind, and navigation. DOM is built with
// textContent only; it talks to the extension only through protocol.ts (host.ts).
import { mergeRows } from './chunks';
import { el, icon } from './dom';
import { CardHistory } from './history';
import { connectHost, type CardHost } from './host';
import { renderHierarchy, type HierarchyTreeView } from './hierarchyView';
import { renderHover } from './hoverView';
import { historyKeys, navigateRows } from './keyboard';
import { renderLocations, type LocationList } from './locationsView';
import type { CardEntry, CardGroup, CardStrings, ToCard } from './protocol';
import type { RowList } from './rowList';
import { codeSpans, withoutCodeMarks } from '../../text/codeSpans';
import { relatedItems } from '../../text/summary';
import { renderSymbols } from './symbolsView';
import { setTreeChildren } from './treeNodes';
import { format, unreachable, type CardView, type Painted } from './view';

/** What the entry on screen drew: its row list (which may still grow) or its tree. */
interface Shown {
  list?: RowList;
  locations?: LocationList;
  tree?: HierarchyTreeView;
}

/** The card's own elements around the result: the title, the status line and the buttons. */
interface Chrome {
  title: HTMLElement;
  status: HTMLElement;
  back: HTMLButtonElement;
  forward: HTMLButtonElement;
  openInReferences: HTMLButtonElement;
  undo: HTMLButtonElement;
  openInHierarchy: HTMLButtonElement;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Draws the entry's result with the renderer of its kind; a kind without one fails the type check. */
function draw(entry: CardEntry, view: CardView): { painted?: Painted; shown: Shown } {
  const { result } = entry;
  switch (result.kind) {
    case 'locations': {
      const drawn = renderLocations(result, view);
      return { painted: drawn, shown: { list: drawn?.list, locations: drawn?.list } };
    }
    case 'symbols': {
      const drawn = renderSymbols(result, view);
      return { painted: drawn, shown: { list: drawn?.list } };
    }
    case 'hierarchy': {
      const drawn = renderHierarchy(entry, result, view);
      return { painted: drawn, shown: { tree: drawn?.tree } };
    }
    case 'hover':
      renderHover(result, view);
      return { shown: {} };
    default:
      return unreachable(result);
  }
}

/** The title, buttons, completeness badge and notes of the entry on screen; the empty state without one. */
function showChrome(chrome: Chrome, history: CardHistory, view: CardView): CardEntry | undefined {
  const { title, status, back, forward, openInReferences, openInHierarchy, undo } = chrome;
  status.textContent = '';
  const entry = history.current;
  back.disabled = !history.canGoBack;
  forward.disabled = !history.canGoForward;
  openInReferences.disabled = !(entry?.result.kind === 'locations' && entry.result.total > 0);
  openInHierarchy.hidden = entry?.result.kind !== 'hierarchy';
  undo.hidden = entry?.undoable !== true;
  openInHierarchy.disabled = !(entry?.result.kind === 'hierarchy' && entry.result.roots.length > 0);
  if (!entry) {
    title.textContent = '';
    view.summary.textContent = '';
    view.content.appendChild(el('p', 'empty-state', document.body.dataset.empty ?? ''));
    return undefined;
  }
  title.replaceChildren(...codeSpans(entry.title).map((span) => (span.code ? el('code', undefined, span.text) : document.createTextNode(span.text))));
  const plain = withoutCodeMarks(entry.title);
  title.title = entry.call === undefined ? plain : `${plain}\n${entry.call}`;
  if (entry.completeness !== 'complete') {
    const badge = el('div', `completeness ${entry.completeness}`);
    badge.appendChild(icon(entry.completeness === 'partial' ? 'warning' : 'info'));
    badge.appendChild(el('span', undefined, entry.completeness === 'partial' ? view.strings.partial : view.strings.noProvider));
    status.appendChild(badge);
  }
  for (const note of entry.notes) status.appendChild(el('div', 'note', format(view.strings.note, note)));
  return entry;
}

class SearchCard {
  private readonly history: CardHistory;
  private shown: Shown = {};
  private renderToken = 0;

  constructor(
    private readonly host: CardHost,
    private readonly view: CardView,
    private readonly chrome: Chrome,
  ) {
    this.history = new CardHistory(host.saved());
  }

  render(receivedAt = Date.now()): void {
    const token = ++this.renderToken;
    const started = performance.now();
    this.shown.list?.stop();
    this.shown = {};
    this.view.content.textContent = '';
    const entry = showChrome(this.chrome, this.history, this.view);
    if (!entry) return;
    const { painted, shown } = draw(entry, this.view);
    this.shown = shown;
    if (!painted) return;
    requestAnimationFrame(() => {
      if (token !== this.renderToken) return;
      this.host.post({ type: 'rendered', id: entry.id, rows: painted.rowCount(), firstPaintMs: performance.now() - started, receivedAt });
    });
  }

  /** Back, forward, the hand-off buttons and the rows' keyboard. */
  wireControls(): void {
    const { back, forward, openInReferences, openInHierarchy, undo } = this.chrome;
    navigateRows(this.view.content, {
      rows: () => this.shown.list?.rows ?? [],
      open: (row) => this.host.post({ type: 'open', uri: row.dataset.uri ?? '', line: Number(row.dataset.line), character: Number(row.dataset.character) }),
    });
    back.addEventListener('click', () => this.move(() => this.history.back()));
    forward.addEventListener('click', () => this.move(() => this.history.forward()));
    historyKeys(back, forward);
    openInHierarchy.addEventListener('click', () => {
      const entry = this.history.current;
      if (entry) this.host.post({ type: 'openInHierarchy', id: entry.id });
    });
    openInReferences.addEventListener('click', () => {
      const entry = this.history.current;
      if (entry) this.host.post({ type: 'openInReferences', id: entry.id });
    });
    undo.addEventListener('click', () => {
      const entry = this.history.current;
      if (entry?.undoable !== true) return;
      // Once: the files are back; a second Undo would put back what came after.
      entry.undoable = false;
      undo.hidden = true;
      this.host.post({ type: 'undo', id: entry.id });
    });
  }

  /** One message from the extension. */
  receive(message: ToCard, receivedAt: number): void {
    switch (message.type) {
      case 'show':
        this.history.show(message.entry);
        break;
      case 'rows':
        this.appendRows(message.id, message.groups);
        this.persistSoon();
        return;
      case 'hierarchyChildren':
        this.addChildren(message);
        this.persistSoon();
        return;
      case 'restore':
        if (!this.history.isEmpty) return;
        this.history.restore(message.entries, message.index);
        break;
      default:
        return;
    }
    this.render(receivedAt);
    this.persistSoon();
  }

  /** Saving the history can wait for the next task: the paint comes first. */
  private persistSoon(): void {
    setTimeout(() => this.host.save(this.history.persisted(this.view.strings.rowsNotKept)), 0);
  }

  /** The rest of an entry's rows arrived: keep them in the history, and show them if the entry is on screen. */
  private appendRows(id: number, groups: readonly CardGroup[]): void {
    const entry = this.history.find(id);
    if (!entry || !mergeRows(entry, groups)) return;
    if (this.history.current !== entry || !this.shown.locations) return;
    this.shown.locations.queueGroups(groups);
    this.shown.locations.resume();
  }

  /** Children of a hierarchy node past the walked depth: kept in the history, shown if the entry is on screen. */
  private addChildren(message: Extract<ToCard, { type: 'hierarchyChildren' }>): void {
    const entry = this.history.find(message.id);
    if (entry && setTreeChildren(entry, message.key, message.children) && this.history.current === entry) {
      this.shown.tree?.addChildren(message.key, message.children);
      if (entry.result.kind === 'hierarchy') this.view.summary.textContent = relatedItems(this.view.strings.hierarchySummary, entry.result.total);
    }
  }

  /** The extension hands "the current result" to the References view, so it follows back/forward. */
  private navigated(): void {
    const entry = this.history.current;
    if (entry) this.host.post({ type: 'navigated', id: entry.id });
  }

  private move(step: () => boolean): void {
    if (!step()) return;
    this.host.save(this.history.persisted(this.view.strings.rowsNotKept));
    this.render();
    this.navigated();
  }
}

(() => {
  const host = connectHost();
  const chrome: Chrome = {
    title: $('title'),
    status: $('status'),
    back: $<HTMLButtonElement>('back'),
    forward: $<HTMLButtonElement>('forward'),
    openInReferences: $<HTMLButtonElement>('openInReferences'),
    undo: $<HTMLButtonElement>('undo'),
    openInHierarchy: $<HTMLButtonElement>('openInHierarchy'),
  };
  const view: CardView = {
    content: $('content'),
    summary: $('summary'),
    strings: JSON.parse(document.body.dataset.strings ?? '{}') as CardStrings,
    format,
    post: (message) => host.post(message),
  };
  const card = new SearchCard(host, view, chrome);
  card.wireControls();
  window.addEventListener('message', (event: MessageEvent<ToCard>) => card.receive(event.data, Date.now()));
  card.render();
  host.post({ type: 'ready' });
})();
