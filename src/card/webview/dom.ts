// The card's DOM helpers: elements with textContent only (never HTML), and codicons.
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function icon(name: string, extra = ''): HTMLElement {
  return el('i', `codicon codicon-${name}${extra}`);
}
