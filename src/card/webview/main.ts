// The search card's script (runs in the webview, type-checked with the DOM lib). DOM is built with
// textContent only; it talks to the extension only through protocol.ts.
import { summarize } from '../../text/summary';
import { FIRST_MESSAGE_ROWS, mergeRows } from './chunks';
import { markdownToBlocks, type Block, type Inline } from './markdown';
import { symbolRow } from './symbolsView';
import type { CardEntry, CardGroup, CardStrings, FromCard, ToCard } from './protocol';
import { HISTORY_LIMIT, PERSISTED_ROWS_LIMIT } from './protocol';
import { HierarchyTreeView } from './hierarchyView';
import { setTreeChildren } from './treeNodes';

interface VsCodeApi {
  postMessage(message: FromCard): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface CardState {
  entries: CardEntry[];
  index: number;
}

/** Rows appended per task after the first paint, which shows the first message's rows. */
const CHUNK = 1000;

(() => {
  const vscode = acquireVsCodeApi();
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const title = $('title');
  const summary = $('summary');
  const status = $('status');
  const content = $('content');
  const back = $<HTMLButtonElement>('back');
  const forward = $<HTMLButtonElement>('forward');
  const openInReferences = $<HTMLButtonElement>('openInReferences');
  const openInHierarchy = $<HTMLButtonElement>('openInHierarchy');
  let tree: HierarchyTreeView | undefined;
  const strings = JSON.parse(document.body.dataset.strings ?? '{}') as CardStrings;
  const format = (template: string, ...args: (string | number)[]): string => template.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));

  const saved = vscode.getState() as CardState | undefined;
  let state: CardState = saved && Array.isArray(saved.entries) ? saved : { entries: [], index: -1 };
  let rows: HTMLElement[] = [];
  let renderToken = 0;

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function icon(name: string): HTMLElement {
    return el('i', `codicon codicon-${name}`);
  }

  function inlineNodes(parent: HTMLElement, inlines: Inline[]): void {
    for (const inline of inlines) {
      let node: HTMLElement = inline.code ? el('code', undefined, inline.text) : el('span', undefined, inline.text);
      if (inline.strong) node.classList.add('strong');
      if (inline.em) node.classList.add('em');
      if (inline.href) {
        const link = el('a');
        link.href = '#';
        link.title = inline.href;
        const href = inline.href;
        link.addEventListener('click', (e) => {
          e.preventDefault();
          vscode.postMessage({ type: 'openLink', href });
        });
        link.appendChild(node);
        node = link;
      }
      parent.appendChild(node);
    }
  }

  function blockNode(block: Block): HTMLElement {
    switch (block.kind) {
      case 'code': {
        const pre = el('pre', 'code-block');
        pre.appendChild(el('code', block.lang ? `language-${block.lang}` : undefined, block.text));
        return pre;
      }
      case 'heading': {
        const h = el('h3', 'md-heading');
        inlineNodes(h, block.inlines);
        return h;
      }
      case 'list': {
        const list = el(block.ordered ? 'ol' : 'ul');
        for (const item of block.items) {
          const li = el('li');
          inlineNodes(li, item);
          list.appendChild(li);
        }
        return list;
      }
      case 'rule':
        return el('hr');
      default: {
        const p = el('p');
        inlineNodes(p, block.inlines);
        return p;
      }
    }
  }

  function open(row: HTMLElement): void {
    vscode.postMessage({ type: 'open', uri: row.dataset.uri ?? '', line: Number(row.dataset.line), character: Number(row.dataset.character) });
  }

  function focusRow(index: number): void {
    const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!target) return;
    for (const r of rows) if (r.tabIndex === 0 && r !== target) r.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  }

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

  /** Rows waiting to be appended to the list on screen, in chunks that never block a paint. */
  let list: HTMLElement | undefined;
  let work: (() => HTMLElement)[] = [];
  let next = 0;
  let lastPath: string | undefined;
  let appending = false;

  function queueGroups(groups: readonly CardGroup[]): void {
    for (const group of groups) {
      if (group.path !== lastPath) {
        lastPath = group.path;
        work.push(() => {
          const header = el('div', 'group-header');
          header.appendChild(icon('file'));
          header.appendChild(el('span', 'group-path', group.path));
          // State saved by 0.1.0 has no count.
          header.appendChild(el('span', 'badge count', String(group.count ?? group.rows.length)));
          return header;
        });
      }
      for (const r of group.rows) {
        work.push(() => {
          const row = rowNode(r.uri ?? group.uri, r.line, r.character, r.preview);
          rows.push(row);
          return row;
        });
      }
    }
  }

  function appendChunk(size: number, token: number): void {
    if (token !== renderToken || !list) return;
    const fragment = document.createDocumentFragment();
    const end = Math.min(work.length, next + size);
    for (; next < end; next++) fragment.appendChild(work[next]!());
    list.appendChild(fragment);
    if (rows[0] && !rows.some((r) => r.tabIndex === 0)) rows[0].tabIndex = 0;
    appending = next < work.length;
    if (appending) setTimeout(() => appendChunk(CHUNK, token), 0);
  }

  function renderLocations(entry: CardEntry, started: number, receivedAt: number): void {
    if (entry.result.kind !== 'locations') return;
    const { total } = entry.result;
    const files = entry.result.files ?? entry.result.groups.length;
    summary.textContent = total === 0 ? '' : summarize(strings.summary, total, files);
    if (total === 0) {
      content.appendChild(el('p', 'empty-state empty-results', strings.noResults));
      return;
    }
    list = el('div', 'results');
    list.setAttribute('role', 'listbox');
    content.appendChild(list);
    queueGroups(entry.result.groups);
    const token = renderToken;
    appendChunk(FIRST_MESSAGE_ROWS, token);
    requestAnimationFrame(() => {
      if (token !== renderToken) return;
      vscode.postMessage({ type: 'rendered', id: entry.id, rows: rows.length, firstPaintMs: performance.now() - started, receivedAt });
    });
  }

  /** The rest of an entry's rows arrived: keep them in the history, and show them if the entry is on screen. */
  function appendRows(id: number, groups: readonly CardGroup[]): void {
    const entry = state.entries.find((e) => e.id === id);
    if (!entry || !mergeRows(entry, groups)) return;
    if (state.entries[state.index] !== entry || !list) return;
    queueGroups(groups);
    if (!appending) appendChunk(CHUNK, renderToken);
  }

  function renderSymbols(entry: CardEntry, started: number, receivedAt: number): void {
    if (entry.result.kind !== 'symbols') return;
    const { symbols, outline } = entry.result;
    const files = new Set(symbols.map((s) => s.uri)).size;
    summary.textContent = symbols.length === 0 ? '' : summarize(strings.summary, symbols.length, files);
    if (symbols.length === 0) {
      content.appendChild(el('p', 'empty-state empty-results', strings.noResults));
      return;
    }
    list = el('div', outline ? 'results outline' : 'results');
    list.setAttribute('role', 'listbox');
    content.appendChild(list);
    for (const symbol of symbols) {
      work.push(() => {
        const row = symbolRow(symbol, outline);
        rows.push(row);
        return row;
      });
    }
    const token = renderToken;
    appendChunk(FIRST_MESSAGE_ROWS, token);
    requestAnimationFrame(() => {
      if (token !== renderToken) return;
      vscode.postMessage({ type: 'rendered', id: entry.id, rows: rows.length, firstPaintMs: performance.now() - started, receivedAt });
    });
  }

  function renderHover(entry: CardEntry): void {
    if (entry.result.kind !== 'hover') return;
    summary.textContent = '';
    if (entry.result.markdown === null) {
      content.appendChild(el('p', 'empty-state empty-hover', strings.noHover));
      return;
    }
    const box = el('div', 'hover');
    for (const block of markdownToBlocks(entry.result.markdown)) box.appendChild(blockNode(block));
    content.appendChild(box);
  }

  function render(receivedAt = Date.now()): void {
    renderToken++;
    const started = performance.now();
    rows = [];
    list = undefined;
    work = [];
    next = 0;
    lastPath = undefined;
    appending = false;
    content.textContent = '';
    status.textContent = '';
    const entry = state.entries[state.index];
    back.disabled = state.index <= 0;
    forward.disabled = state.index >= state.entries.length - 1;
    openInReferences.disabled = !(entry?.result.kind === 'locations' && entry.result.total > 0);
    openInHierarchy.hidden = entry?.result.kind !== 'hierarchy';
    openInHierarchy.disabled = !(entry?.result.kind === 'hierarchy' && entry.result.roots.length > 0);
    tree = undefined;
    if (!entry) {
      title.textContent = '';
      summary.textContent = '';
      content.appendChild(el('p', 'empty-state', document.body.dataset.empty ?? ''));
      return;
    }
    title.textContent = entry.title;
    title.title = entry.title;
    if (entry.completeness !== 'complete') {
      const badge = el('div', `completeness ${entry.completeness}`);
      badge.appendChild(icon(entry.completeness === 'partial' ? 'warning' : 'info'));
      badge.appendChild(el('span', undefined, entry.completeness === 'partial' ? strings.partial : strings.noProvider));
      status.appendChild(badge);
    }
    for (const note of entry.notes) status.appendChild(el('div', 'note', format(strings.note, note)));
    if (entry.result.kind === 'locations') renderLocations(entry, started, receivedAt);
    else if (entry.result.kind === 'symbols') renderSymbols(entry, started, receivedAt);
    else if (entry.result.kind === 'hierarchy') renderTree(entry, started, receivedAt);
    else renderHover(entry);
  }

  function renderTree(entry: CardEntry, started: number, receivedAt: number): void {
    if (entry.result.kind !== 'hierarchy') return;
    summary.textContent = entry.result.total === 0 ? '' : format(strings.hierarchySummary, entry.result.total);
    if (entry.result.roots.length === 0) {
      content.appendChild(el('p', 'empty-state empty-results', strings.noResults));
      return;
    }
    tree = new HierarchyTreeView({ entry, strings, format, post: (message) => vscode.postMessage(message) });
    content.appendChild(tree.element);
    const token = renderToken;
    const rowCount = tree.rowCount;
    requestAnimationFrame(() => {
      if (token !== renderToken) return;
      vscode.postMessage({ type: 'rendered', id: entry.id, rows: rowCount, firstPaintMs: performance.now() - started, receivedAt });
    });
  }

  /** Persists the history with a bounded number of rows: the newest entries keep theirs. */
  function persist(): void {
    let budget = PERSISTED_ROWS_LIMIT;
    const entries = [...state.entries].reverse().map((entry) => {
      if (entry.result.kind !== 'locations') return entry;
      const rows = entry.result.groups.reduce((n, g) => n + g.rows.length, 0);
      if (rows <= budget) {
        budget -= rows;
        return entry;
      }
      return { ...entry, result: { ...entry.result, groups: [] }, notes: [...entry.notes, strings.rowsNotKept] };
    });
    vscode.setState({ entries: entries.reverse(), index: state.index });
  }

  content.addEventListener('click', (e) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('.row');
    if (!row) return;
    focusRow(rows.indexOf(row));
    open(row);
  });
  content.addEventListener('keydown', (e) => {
    const current = rows.indexOf(document.activeElement as HTMLElement);
    switch (e.key) {
      case 'ArrowDown':
        focusRow(current + 1);
        break;
      case 'ArrowUp':
        focusRow(current <= 0 ? 0 : current - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rows.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (current >= 0) open(rows[current]!);
        break;
      default:
        return;
    }
    e.preventDefault();
  });
  back.addEventListener('click', () => {
    if (state.index > 0) {
      state.index--;
      persist();
      render();
      navigated();
    }
  });
  forward.addEventListener('click', () => {
    if (state.index < state.entries.length - 1) {
      state.index++;
      persist();
      render();
      navigated();
    }
  });
  /** The extension hands "the current result" to the References view, so it follows back/forward. */
  function navigated(): void {
    const entry = state.entries[state.index];
    if (entry) vscode.postMessage({ type: 'navigated', id: entry.id });
  }
  openInHierarchy.addEventListener('click', () => {
    const entry = state.entries[state.index];
    if (entry) vscode.postMessage({ type: 'openInHierarchy', id: entry.id });
  });
  openInReferences.addEventListener('click', () => {
    const entry = state.entries[state.index];
    if (entry) vscode.postMessage({ type: 'openInReferences', id: entry.id });
  });
  document.addEventListener('keydown', (e) => {
    if (e.altKey && e.key === 'ArrowLeft') back.click();
    else if (e.altKey && e.key === 'ArrowRight') forward.click();
  });

  window.addEventListener('message', (event: MessageEvent<ToCard>) => {
    const receivedAt = Date.now();
    const message = event.data;
    if (message.type === 'show') {
      const entries = state.entries.slice(0, state.index + 1);
      entries.push(message.entry);
      state = { entries: entries.slice(-HISTORY_LIMIT), index: Math.min(entries.length, HISTORY_LIMIT) - 1 };
    } else if (message.type === 'rows') {
      appendRows(message.id, message.groups);
      setTimeout(persist, 0);
      return;
    } else if (message.type === 'hierarchyChildren') {
      const entry = state.entries.find((e) => e.id === message.id);
      if (entry && setTreeChildren(entry, message.key, message.children) && state.entries[state.index] === entry) {
        tree?.addChildren(message.key, message.children);
        if (entry.result.kind === 'hierarchy') summary.textContent = format(strings.hierarchySummary, entry.result.total);
      }
      setTimeout(persist, 0);
      return;
    } else if (message.type === 'restore') {
      if (state.entries.length > 0) return;
      state = { entries: message.entries.slice(-HISTORY_LIMIT), index: Math.min(message.index, HISTORY_LIMIT - 1) };
    } else {
      return;
    }
    // Paint first; serialising the history for setState can wait for the next task.
    render(receivedAt);
    setTimeout(persist, 0);
  });

  render();
  vscode.postMessage({ type: 'ready' });
})();
