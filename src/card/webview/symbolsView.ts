// The card's rows for lsp_symbols: kind codicon, name, container, and where the name starts; an
// outline indents each level. Built with textContent only.
import { summarize } from '../../text/summary';
import { symbolKindIcon } from '../../text/symbolKind';
import { FIRST_MESSAGE_ROWS } from './chunks';
import { el } from './dom';
import type { CardSymbol } from './protocol';
import { RowList } from './rowList';
import type { CardView, Painted, ResultOf } from './view';

export function symbolRow(symbol: CardSymbol, outline: boolean): HTMLElement {
  const row = document.createElement('div');
  row.className = 'row symbol-row';
  row.setAttribute('role', 'option');
  row.tabIndex = -1;
  row.dataset.uri = symbol.uri;
  row.dataset.line = String(symbol.line);
  row.dataset.character = String(symbol.character);
  if (outline) row.style.paddingLeft = `${8 + symbol.depth * 16}px`;
  const icon = document.createElement('i');
  icon.className = `codicon codicon-${symbolKindIcon(symbol.kind)}`;
  icon.title = symbol.kind;
  row.appendChild(icon);
  const name = document.createElement('span');
  name.className = 'symbol-name';
  name.textContent = symbol.name;
  row.appendChild(name);
  if (symbol.container !== undefined && !outline) {
    const container = document.createElement('span');
    container.className = 'symbol-container';
    container.textContent = symbol.container;
    row.appendChild(container);
  }
  const where = document.createElement('span');
  where.className = 'pos';
  where.textContent = outline ? `${symbol.line}:${symbol.character}` : `${symbol.path}:${symbol.line}:${symbol.character}`;
  row.appendChild(where);
  return row;
}

export function renderSymbols(result: ResultOf<'symbols'>, view: CardView): (Painted & { list: RowList }) | undefined {
  const { symbols, outline } = result;
  const files = new Set(symbols.map((s) => s.uri)).size;
  view.summary.textContent = symbols.length === 0 ? '' : summarize(view.strings.summary, symbols.length, files);
  if (symbols.length === 0) {
    view.content.appendChild(el('p', 'empty-state empty-results', view.strings.noResults));
    return undefined;
  }
  const list = new RowList(outline ? 'results outline' : 'results');
  view.content.appendChild(list.element);
  for (const symbol of symbols) list.queueRow(() => symbolRow(symbol, outline));
  list.flush(FIRST_MESSAGE_ROWS);
  return { list, rowCount: () => list.rows.length };
}
