// The card's rows for lsp_symbols: kind codicon, name, container, and where the name starts; an
// outline indents each level. Built with textContent only.
import { symbolKindIcon } from '../../text/symbolKind';
import type { CardSymbol } from './protocol';

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
