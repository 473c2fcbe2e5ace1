// Markdown -> a small block model with plain-text leaves (pure). The webview builds DOM from it with
// textContent only, so provider text can never become markup, script or a javascript: link.
import MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

export interface Inline {
  text: string;
  code?: boolean;
  strong?: boolean;
  em?: boolean;
  /** Only http(s) links survive; anything else is shown as its text. */
  href?: string;
}

export type Block =
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'heading'; level: number; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'rule' };

const md = new MarkdownIt({ html: false, linkify: false });

export function safeHref(href: string | null | undefined): string | undefined {
  return href && /^https?:\/\//i.test(href.trim()) ? href.trim() : undefined;
}

function inlines(token: Token | undefined): Inline[] {
  const out: Inline[] = [];
  let strong = 0;
  let em = 0;
  let href: string | undefined;
  const push = (text: string, code = false): void => {
    if (text === '') return;
    const inline: Inline = { text };
    if (code) inline.code = true;
    if (strong > 0) inline.strong = true;
    if (em > 0) inline.em = true;
    if (href) inline.href = href;
    out.push(inline);
  };
  for (const child of token?.children ?? []) {
    switch (child.type) {
      case 'text':
      case 'html_inline':
        push(child.content);
        break;
      case 'code_inline':
        push(child.content, true);
        break;
      case 'softbreak':
      case 'hardbreak':
        push('\n');
        break;
      case 'strong_open':
        strong++;
        break;
      case 'strong_close':
        strong--;
        break;
      case 'em_open':
        em++;
        break;
      case 'em_close':
        em--;
        break;
      case 'link_open':
        href = safeHref(child.attrGet('href'));
        break;
      case 'link_close':
        href = undefined;
        break;
      case 'image':
        push(child.content);
        break;
      default:
        if (child.content) push(child.content);
    }
  }
  return out;
}

export function markdownToBlocks(source: string): Block[] {
  const tokens = md.parse(source, {});
  const blocks: Block[] = [];
  let list: { ordered: boolean; items: Inline[][] } | undefined;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case 'fence':
      case 'code_block':
        blocks.push({ kind: 'code', lang: token.info.trim().split(/\s+/)[0] ?? '', text: token.content.replace(/\n$/, '') });
        break;
      case 'heading_open':
        blocks.push({ kind: 'heading', level: Number(token.tag.slice(1)) || 1, inlines: inlines(tokens[i + 1]) });
        i += 2;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        depth++;
        if (depth === 1) list = { ordered: token.type === 'ordered_list_open', items: [] };
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        depth--;
        if (depth === 0 && list) {
          blocks.push({ kind: 'list', ...list });
          list = undefined;
        }
        break;
      case 'inline':
        if (list) list.items.push(inlines(token));
        else blocks.push({ kind: 'paragraph', inlines: inlines(token) });
        break;
      case 'hr':
        blocks.push({ kind: 'rule' });
        break;
      case 'html_block':
        blocks.push({ kind: 'paragraph', inlines: [{ text: token.content }] });
        break;
      default:
        break;
    }
  }
  return blocks;
}
