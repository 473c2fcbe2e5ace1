// The card's hierarchy tree (runs in the webview): expand and collapse, children fetched on demand
// past the walked depth, click or Enter opens an item, a call site opens from its own link, one
// codicon per kind, and tree keyboard navigation. DOM is built with textContent only.
import { el, icon } from './dom';
import type { CardEntry, CardStrings, CardTreeNode, FromCard } from './protocol';
import { relatedItems } from '../../text/summary';
import type { CardView, Painted, ResultOf } from './view';

export interface TreeContext {
  entry: CardEntry;
  strings: CardStrings;
  post: (message: FromCard) => void;
  format: (template: string, ...args: (string | number)[]) => string;
}

export class HierarchyTreeView {
  readonly element: HTMLElement;
  /** Row elements by node key. */
  private readonly rows = new Map<string, HTMLElement>();

  constructor(private readonly ctx: TreeContext) {
    const tree = el('div', 'tree');
    tree.setAttribute('role', 'tree');
    this.element = tree;
    if (ctx.entry.result.kind !== 'hierarchy') return;
    const { roots, direction } = ctx.entry.result;
    for (const root of roots) {
      tree.appendChild(this.itemNode(root, 1));
      if (root.children !== undefined && root.children.length === 0) {
        tree.appendChild(el('div', 'tree-none', ctx.strings.hierarchyNone[direction]));
      }
    }
    const first = tree.querySelector<HTMLElement>('.tree-row');
    if (first) first.tabIndex = 0;
    tree.addEventListener('click', (e) => this.onClick(e));
    tree.addEventListener('keydown', (e) => this.onKey(e));
  }

  get rowCount(): number {
    return this.rows.size;
  }

  private itemNode(node: CardTreeNode, level: number): HTMLElement {
    const item = el('div', 'tree-item');
    const row = el('div', 'tree-row');
    row.setAttribute('role', 'treeitem');
    row.setAttribute('aria-level', String(level));
    row.tabIndex = -1;
    row.style.paddingLeft = `${(level - 1) * 16 + 4}px`;
    row.dataset.key = node.key;
    row.dataset.uri = node.uri;
    row.dataset.line = String(node.line);
    row.dataset.character = String(node.character);
    const expandable = node.children === undefined || node.children.length > 0;
    const twistie = el('span', 'twistie');
    if (expandable) twistie.appendChild(icon('chevron-right'));
    row.appendChild(twistie);
    row.appendChild(icon(node.icon, ' kind-icon'));
    row.appendChild(el('span', 'tree-name', node.name));
    row.appendChild(el('span', 'tree-kind', node.kind));
    row.appendChild(el('span', 'tree-path', `${node.path}:${node.line}:${node.character}`));
    if (node.sites && node.sites.length > 0) {
      const sites = el('span', 'tree-sites');
      const template = this.ctx.entry.operation === 'outgoingCalls' ? this.ctx.strings.calledAt : this.ctx.strings.callsAt;
      const [before, after] = template.split('{0}');
      if (before) sites.appendChild(document.createTextNode(before));
      node.sites.forEach((site, i) => {
        if (i > 0) sites.appendChild(document.createTextNode(', '));
        const link = el('a', 'site', `${site.line}:${site.character}`);
        link.href = '#';
        link.title = `${site.path}:${site.line}:${site.character}`;
        link.dataset.uri = site.uri;
        link.dataset.line = String(site.line);
        link.dataset.character = String(site.character);
        sites.appendChild(link);
      });
      if (after) sites.appendChild(document.createTextNode(after));
      row.appendChild(sites);
    }
    if (node.cycle) row.appendChild(el('span', 'badge tree-mark cycle', this.ctx.strings.cycle));
    else if (node.repeated) row.appendChild(el('span', 'badge tree-mark repeated', this.ctx.strings.repeated));
    item.appendChild(row);
    this.rows.set(node.key, row);
    const group = el('div', 'tree-children');
    group.setAttribute('role', 'group');
    item.appendChild(group);
    if (expandable) {
      row.setAttribute('aria-expanded', 'false');
      // What the walk already answered opens expanded.
      if (node.children !== undefined) {
        for (const child of node.children) group.appendChild(this.itemNode(child, level + 1));
        this.setExpanded(row, true);
      } else {
        group.hidden = true;
      }
    } else {
      group.hidden = true;
    }
    return item;
  }

  private setExpanded(row: HTMLElement, expanded: boolean): void {
    row.setAttribute('aria-expanded', String(expanded));
    const chevron = row.querySelector('.twistie .codicon');
    if (chevron) chevron.className = `codicon codicon-chevron-${expanded ? 'down' : 'right'}`;
    const group = row.nextElementSibling as HTMLElement | null;
    if (group) group.hidden = !expanded;
  }

  /** Expands or collapses; the first expansion past the walked depth asks the extension for the children. */
  toggle(row: HTMLElement, expand?: boolean): void {
    const state = row.getAttribute('aria-expanded');
    if (state === null) return;
    const next = expand ?? state !== 'true';
    const group = row.nextElementSibling as HTMLElement;
    if (next && group.childElementCount === 0 && row.dataset.loading !== 'true') {
      row.dataset.loading = 'true';
      group.appendChild(el('div', 'tree-loading', this.ctx.strings.loading));
      this.ctx.post({ type: 'expandHierarchy', id: this.ctx.entry.id, key: row.dataset.key ?? '' });
    }
    this.setExpanded(row, next);
  }

  /** The children of a node arrived from the extension. */
  addChildren(key: string, children: readonly CardTreeNode[]): void {
    const row = this.rows.get(key);
    if (!row) return;
    delete row.dataset.loading;
    const group = row.nextElementSibling as HTMLElement;
    group.textContent = '';
    const level = Number(row.getAttribute('aria-level')) + 1;
    for (const child of children) group.appendChild(this.itemNode(child, level));
    if (children.length === 0) {
      row.removeAttribute('aria-expanded');
      row.querySelector('.twistie')!.textContent = '';
      group.hidden = true;
    }
  }

  private visibleRows(): HTMLElement[] {
    return Array.from(this.element.querySelectorAll<HTMLElement>('.tree-row')).filter((row) => {
      for (let group = row.parentElement?.parentElement; group && group !== this.element; group = group.parentElement) {
        if (group.classList.contains('tree-children') && group.hidden) return false;
      }
      return true;
    });
  }

  private focus(row: HTMLElement | undefined): void {
    if (!row) return;
    for (const r of this.rows.values()) if (r !== row) r.tabIndex = -1;
    row.tabIndex = 0;
    row.focus();
  }

  private open(target: HTMLElement): void {
    this.ctx.post({ type: 'open', uri: target.dataset.uri ?? '', line: Number(target.dataset.line), character: Number(target.dataset.character) });
  }

  private onClick(e: MouseEvent): void {
    const target = e.target as HTMLElement;
    const site = target.closest<HTMLElement>('.site');
    if (site) {
      e.preventDefault();
      this.open(site);
      return;
    }
    const row = target.closest<HTMLElement>('.tree-row');
    if (!row) return;
    this.focus(row);
    if (target.closest('.twistie')) this.toggle(row);
    else this.open(row);
  }

  private onKey(e: KeyboardEvent): void {
    // Alt+Left/Right belong to the card's history.
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.tree-row');
    const visible = this.visibleRows();
    const index = row ? visible.indexOf(row) : -1;
    switch (e.key) {
      case 'ArrowDown':
        this.focus(visible[Math.min(visible.length - 1, index + 1)]);
        break;
      case 'ArrowUp':
        this.focus(visible[Math.max(0, index - 1)]);
        break;
      case 'Home':
        this.focus(visible[0]);
        break;
      case 'End':
        this.focus(visible[visible.length - 1]);
        break;
      case 'ArrowRight':
        if (!row) return;
        if (row.getAttribute('aria-expanded') === 'false') this.toggle(row, true);
        else if (row.getAttribute('aria-expanded') === 'true') this.focus(visible[index + 1]);
        break;
      case 'ArrowLeft': {
        if (!row) return;
        if (row.getAttribute('aria-expanded') === 'true') this.toggle(row, false);
        else {
          const group = row.parentElement?.parentElement;
          if (group?.classList.contains('tree-children')) this.focus(group.previousElementSibling as HTMLElement);
        }
        break;
      }
      case 'Enter':
      case ' ':
        if (row) this.open(row);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }
}

export function renderHierarchy(entry: CardEntry, result: ResultOf<'hierarchy'>, view: CardView): (Painted & { tree: HierarchyTreeView }) | undefined {
  view.summary.textContent = result.total === 0 ? '' : relatedItems(view.strings.hierarchySummary, result.total);
  if (result.roots.length === 0) {
    view.content.appendChild(el('p', 'empty-state empty-results', view.strings.noResults));
    return undefined;
  }
  const tree = new HierarchyTreeView({ entry, strings: view.strings, format: view.format, post: view.post });
  view.content.appendChild(tree.element);
  const rowCount = tree.rowCount;
  return { tree, rowCount: () => rowCount };
}
