// Markdown -> a small block model with plain-text leaves (pure). The webview builds DOM from it with
// textContent only, so provider text can never become markup, script or a javascript: link.
// marked's lexer (tokens only; its HTML renderer is never called) is a third of markdown-it's size
// in the card's bundle; docs/performance.md has the sizes.
import { Lexer, type Token, type Tokens } from 'marked';

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

export function safeHref(href: string | null | undefined): string | undefined {
  return href && /^https?:\/\//i.test(href.trim()) ? href.trim() : undefined;
}

// marked leaves named character references for an HTML renderer to resolve (it resolves numeric
// ones itself). We render text, not HTML, so resolve those that occur in doc comments; any other
// stays as written, which is still only text.
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  rArr: '⇒',
  lArr: '⇐',
  times: '×',
  divide: '÷',
  plusmn: '±',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  infin: '∞',
  deg: '°',
  middot: '·',
  bull: '•',
  para: '¶',
  sect: '§',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  micro: 'µ',
};
const decode = (text: string): string => text.replace(/&([A-Za-z][A-Za-z0-9]*);/g, (ref, name: string) => NAMED[name] ?? ref);

interface Style {
  code?: boolean;
  strong?: boolean;
  em?: boolean;
  href?: string;
  /** Autolinks and raw HTML are literal: marked resolves no references in them. */
  literal?: boolean;
}

function inlines(tokens: Token[] | undefined, style: Style = {}, out: Inline[] = []): Inline[] {
  const push = (text: string, s: Style = style): void => {
    if (text === '') return;
    const inline: Inline = { text };
    if (s.code) inline.code = true;
    if (s.strong) inline.strong = true;
    if (s.em) inline.em = true;
    if (s.href) inline.href = s.href;
    out.push(inline);
  };
  for (const token of tokens ?? []) {
    const t = token as Tokens.Generic;
    switch (t.type) {
      case 'text':
        if (t.tokens) inlines(t.tokens, style, out);
        else push(style.literal || t.escaped ? String(t.text) : decode(String(t.text)));
        break;
      case 'escape':
      case 'html':
        push(String(t.text));
        break;
      case 'codespan':
        push(String(t.text), { ...style, code: true });
        break;
      case 'br':
        push('\n');
        break;
      case 'strong':
        inlines(t.tokens, { ...style, strong: true }, out);
        break;
      case 'em':
        inlines(t.tokens, { ...style, em: true }, out);
        break;
      case 'link': {
        const link = t as Tokens.Link;
        const href = safeHref(link.autolink ? link.href : decode(link.href));
        inlines(link.tokens, { ...style, ...(href ? { href } : {}), literal: style.literal || link.autolink === true }, out);
        break;
      }
      case 'image':
        push(decode(String(t.text)));
        break;
      default:
        if (t.tokens) inlines(t.tokens, style, out);
        else if (typeof t.text === 'string') push(decode(t.text));
    }
  }
  return out;
}

function asInlines(block: Block): Inline[] {
  if (block.kind === 'paragraph' || block.kind === 'heading') return block.inlines;
  return block.kind === 'code' ? [{ text: block.text, code: true }] : [];
}

/** Each paragraph of a list item, nested lists' items included, is one item of the outermost list. */
function listItems(list: Tokens.List, items: Inline[][] = []): Inline[][] {
  for (const item of list.items) {
    for (const token of item.tokens) {
      if (token.type === 'list') listItems(token as Tokens.List, items);
      else if (token.type === 'text' || token.type === 'paragraph') items.push(inlines((token as Tokens.Text).tokens ?? [token]));
      else for (const block of blocks([token], [])) items.push(asInlines(block));
    }
  }
  return items.filter((item) => item.length > 0);
}

function blocks(tokens: Token[], out: Block[]): Block[] {
  for (const token of tokens) {
    const t = token as Tokens.Generic;
    switch (t.type) {
      case 'code': {
        const code = t as Tokens.Code;
        out.push({ kind: 'code', lang: (code.lang ?? '').trim().split(/\s+/)[0] ?? '', text: code.text });
        break;
      }
      case 'heading':
        out.push({ kind: 'heading', level: (t as Tokens.Heading).depth, inlines: inlines(t.tokens) });
        break;
      case 'paragraph':
        out.push({ kind: 'paragraph', inlines: inlines(t.tokens) });
        break;
      case 'text':
        out.push({ kind: 'paragraph', inlines: inlines(t.tokens ?? [t]) });
        break;
      case 'list': {
        const list = t as Tokens.List;
        out.push({ kind: 'list', ordered: list.ordered, items: listItems(list) });
        break;
      }
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'html':
        out.push({ kind: 'paragraph', inlines: [{ text: String(t.text).replace(/\n$/, '') }] });
        break;
      case 'table': {
        const table = t as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          const cells = row.map((cell) => inlines(cell.tokens));
          out.push({ kind: 'paragraph', inlines: cells.flatMap((cell, i) => (i === 0 ? cell : [{ text: ' | ' }, ...cell])) });
        }
        break;
      }
      case 'blockquote':
        blocks(t.tokens ?? [], out);
        break;
      default:
        break;
    }
  }
  return out;
}

export function markdownToBlocks(source: string): Block[] {
  return blocks(new Lexer({ gfm: true }).lex(source), []);
}
