// The card's hover: the markdown as blocks (code, headings, lists, rules, paragraphs) built with
// textContent only; a link asks the extension to open it.
import { el } from './dom';
import { markdownToBlocks, type Block, type Inline } from './markdown';
import { unreachable, type CardView, type ResultOf } from './view';

function inlineNodes(parent: HTMLElement, inlines: Inline[], view: CardView): void {
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
        view.post({ type: 'openLink', href });
      });
      link.appendChild(node);
      node = link;
    }
    parent.appendChild(node);
  }
}

function blockNode(block: Block, view: CardView): HTMLElement {
  switch (block.kind) {
    case 'code': {
      const pre = el('pre', 'code-block');
      pre.appendChild(el('code', block.lang ? `language-${block.lang}` : undefined, block.text));
      return pre;
    }
    case 'heading': {
      const h = el('h3', 'md-heading');
      inlineNodes(h, block.inlines, view);
      return h;
    }
    case 'list': {
      const list = el(block.ordered ? 'ol' : 'ul');
      for (const item of block.items) {
        const li = el('li');
        inlineNodes(li, item, view);
        list.appendChild(li);
      }
      return list;
    }
    case 'rule':
      return el('hr');
    case 'paragraph': {
      const p = el('p');
      inlineNodes(p, block.inlines, view);
      return p;
    }
    default:
      return unreachable(block);
  }
}

export function renderHover(result: ResultOf<'hover'>, view: CardView): void {
  view.summary.textContent = '';
  if (result.markdown === null) {
    view.content.appendChild(el('p', 'empty-state empty-hover', view.strings.noHover));
    return;
  }
  const box = el('div', 'hover');
  for (const block of markdownToBlocks(result.markdown)) box.appendChild(blockNode(block, view));
  view.content.appendChild(box);
}
