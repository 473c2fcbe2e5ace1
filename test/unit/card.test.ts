import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildCardHtml, cardCsp } from '../../src/card/webview/html';
import { markdownToBlocks } from '../../src/card/webview/markdown';
import { lspCardBody } from '../../src/tools/lsp/card';
import { mergeRows, splitEntry } from '../../src/card/webview/chunks';
import { isFromCard, type CardEntry, type CardStrings } from '../../src/card/webview/protocol';
import { relatedItems } from '../../src/text/summary';

const STRINGS: CardStrings = {
  back: 'Back',
  forward: 'Forward',
  openInReferences: 'Open in References View',
  undo: 'Undo',
  empty: 'Nothing yet',
  summary: { one: '1 result in 1 file', oneFile: '{0} results in 1 file', many: '{0} results in {1} files' },
  noResults: 'No results.',
  noHover: 'No hover information.',
  partial: 'Partial',
  noProvider: 'No provider',
  note: 'Note: {0}',
  rowsNotKept: 'Rows not kept',
  openInHierarchy: 'Open in Call or Type Hierarchy View',
  hierarchyNone: { incomingCalls: 'No callers.', outgoingCalls: 'No callees.', supertypes: 'No supertypes.', subtypes: 'No subtypes.' },
  callsAt: 'calls at {0}',
  calledAt: 'called at {0}',
  repeated: 'repeated',
  cycle: 'cycle',
  loading: 'Loading…',
  hierarchySummary: { one: '1 related item', many: '{0} related items' },
};

describe('card html', () => {
  const html = buildCardHtml({
    cspSource: 'https://webview.test',
    nonce: 'abc123',
    scriptUri: 'https://webview.test/dist/card.js',
    styleUri: 'https://webview.test/media/card.css',
    codiconUri: 'https://webview.test/dist/codicons/codicon.css',
    labels: { ...STRINGS, empty: 'Run a query "<here>"' },
    lang: 'de',
  });
  it('has a strict CSP with the nonce and no unsafe sources', () => {
    const csp = cardCsp('https://webview.test', 'abc123');
    assert.equal(
      csp,
      "default-src 'none'; style-src https://webview.test 'nonce-abc123'; font-src https://webview.test; img-src https://webview.test data:; script-src 'nonce-abc123'",
    );
    assert.ok(html.includes(`content="${csp.replace(/'/g, "'")}"`));
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
  });
  it('loads its only script with the nonce', () => {
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="abc123" src="https://webview.test/dist/card.js">']);
  });
  it('escapes labels', () => {
    assert.ok(html.includes('Run a query &quot;&lt;here&gt;&quot;'));
  });
  it('carries every string the script shows, and the display language', () => {
    const attr = /data-strings="([^"]*)"/.exec(html)?.[1];
    assert.ok(attr, 'data-strings on the body');
    const decoded = attr
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(decoded), { ...STRINGS, empty: 'Run a query "<here>"' });
    assert.match(html, /<html lang="de">/);
  });
  it('has the Open in References View button, disabled until there are locations', () => {
    assert.match(
      html,
      /<button id="openInReferences" class="icon" type="button" title="Open in References View" aria-label="Open in References View" disabled>/,
    );
  });
});

describe('relatedItems', () => {
  it('says "1 related item", and the plural for any other count', () => {
    assert.equal(relatedItems(STRINGS.hierarchySummary, 1), '1 related item');
    assert.equal(relatedItems(STRINGS.hierarchySummary, 2), '2 related items');
    assert.equal(relatedItems(STRINGS.hierarchySummary, 0), '0 related items');
  });
});

describe('markdownToBlocks', () => {
  it('keeps code fences with their language', () => {
    assert.deepEqual(markdownToBlocks('```typescript\nfunction f(): void\n```\n\n*doc* `x`'), [
      { kind: 'code', lang: 'typescript', text: 'function f(): void' },
      { kind: 'paragraph', inlines: [{ text: 'doc', em: true }, { text: ' ' }, { text: 'x', code: true }] },
    ]);
  });
  it('renders raw HTML as text', () => {
    const blocks = markdownToBlocks('<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)>');
    const text = JSON.stringify(blocks);
    assert.ok(text.includes('<script>alert(1)</script>'));
    assert.ok(blocks.every((b) => b.kind === 'paragraph'));
  });
  it('drops javascript: links but keeps their text', () => {
    const [block] = markdownToBlocks('[click](javascript:alert(1)) and [docs](https://example.com)');
    assert.equal(block?.kind, 'paragraph');
    if (block?.kind !== 'paragraph') return;
    assert.deepEqual(
      block.inlines.filter((i) => i.href).map((i) => i.href),
      ['https://example.com'],
    );
    assert.ok(block.inlines.some((i) => i.text.includes('click') || i.text.includes('[click]')));
  });
  it('handles lists and headings', () => {
    assert.deepEqual(markdownToBlocks('# T\n\n- a\n- **b**'), [
      { kind: 'heading', level: 1, inlines: [{ text: 'T' }] },
      { kind: 'list', ordered: false, items: [[{ text: 'a' }], [{ text: 'b', strong: true }]] },
    ]);
  });
  it('resolves character references in text, not in code or autolinks', () => {
    assert.deepEqual(markdownToBlocks('a &amp; b &lt;T&gt; &#169; &bogus; `&amp;` <https://x.org/?a&amp;b>'), [
      {
        kind: 'paragraph',
        inlines: [
          { text: 'a & b <T> © &bogus; ' },
          { text: '&amp;', code: true },
          { text: ' ' },
          { text: 'https://x.org/?a&amp;b', href: 'https://x.org/?a&amp;b' },
        ],
      },
    ]);
    const [link] = markdownToBlocks('[q](https://e.com/?a=1&amp;b=2)');
    assert.deepEqual(link, { kind: 'paragraph', inlines: [{ text: 'q', href: 'https://e.com/?a=1&b=2' }] });
  });
  it('flattens nested lists and quotes, keeps escapes and hard breaks as text', () => {
    assert.deepEqual(markdownToBlocks('1. one\n   - *two*\n\n> \\*q\\*  \nr\n\n---'), [
      { kind: 'list', ordered: true, items: [[{ text: 'one' }], [{ text: 'two', em: true }]] },
      { kind: 'paragraph', inlines: [{ text: '*' }, { text: 'q' }, { text: '*' }, { text: '\n' }, { text: 'r' }] },
      { kind: 'rule' },
    ]);
  });
  it('never yields a link other than http(s), whatever the input', () => {
    const piece = fc.constantFrom(
      '[a](',
      'javascript:',
      'data:',
      'http://',
      'https://',
      'vbscript:',
      '<',
      '>',
      ')',
      '](',
      '&amp;',
      '&#106;',
      '`',
      '*',
      '\n',
      ' ',
      'x',
      'www.',
      '"',
      '\\',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const blocks = markdownToBlocks(parts.join(''));
        const hrefs = blocks
          .flatMap((b) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.inlines : b.kind === 'list' ? b.items.flat() : []))
          .flatMap((i) => (i.href ? [i.href] : []));
        return hrefs.every((h) => /^https?:\/\//i.test(h));
      }),
    );
  });
});

describe('lspCardBody', () => {
  it('groups rows by display path with one-based positions and trimmed previews', async () => {
    const ws = 'file:///w/proj';
    const loc = (file: string, line: number) => ({ uri: `${ws}/${file}`, range: { start: { line, character: 2 }, end: { line, character: 5 } } });
    const locations = [loc('a.ts', 0), loc('b.ts', 4), loc('a.ts', 9)];
    const lines = Array.from({ length: 10 }, (_, line) => `   line ${line}   `);
    const entry = await lspCardBody(
      {
        tool: 'lsp',
        title: 'LSP findReferences a.ts:1:3',
        heading: { kind: 'position', question: 'findReferences', subject: { name: 'abc', at: 'a.ts:1:3' } },
        text: '',
        notes: [],
        completeness: 'complete',
        operation: 'findReferences',
        input: { operation: 'findReferences', file_path: 'a.ts', line: 1, character: 3 },
        uri: `${ws}/a.ts`,
        position: { line: 0, character: 2 },
        sourceLines: new Map(),
        result: { kind: 'locations', locations, resolvedWorkspaceUri: ws, completeness: 'complete' },
      },
      { roots: [{ name: 'proj', uri: ws }], readLines: (uris) => Promise.resolve(new Map(uris.map((uri) => [uri, lines]))) },
    );
    assert.equal(entry.result.kind, 'locations');
    if (entry.result.kind !== 'locations') return;
    assert.equal(entry.result.total, 3);
    assert.deepEqual(
      entry.result.groups.map((g) => [g.path, g.rows.map((r) => `${r.line}:${r.character}:${r.preview}`)]),
      [
        ['a.ts', ['1:3:line 0', '10:3:line 9']],
        ['b.ts', ['5:3:line 4']],
      ],
    );
  });
});

describe('isFromCard', () => {
  it('accepts the typed messages and rejects anything else', () => {
    assert.equal(isFromCard({ type: 'open', uri: 'file:///a', line: 1, character: 1 }), true);
    assert.equal(isFromCard({ type: 'open', uri: 'file:///a', line: '1', character: 1 }), false);
    assert.equal(isFromCard({ type: 'exec', command: 'x' }), false);
    assert.equal(isFromCard({ type: 'openInReferences', id: 3 }), true);
    assert.equal(isFromCard({ type: 'openInReferences', id: '3' }), false);
    assert.equal(isFromCard({ type: 'navigated', id: 1.5 }), false);
    assert.equal(isFromCard(null), false);
  });
});

describe('card chunks', () => {
  const entryWith = (sizes: number[]): CardEntry => ({
    id: 7,
    title: 't',
    operation: 'findReferences',
    source: 'tool',
    completeness: 'complete',
    notes: [],
    result: {
      kind: 'locations',
      total: sizes.reduce((a, b) => a + b, 0),
      files: sizes.length,
      groups: sizes.map((n, g) => ({
        path: `f${g}.ts`,
        uri: `file:///w/f${g}.ts`,
        count: n,
        rows: Array.from({ length: n }, (_, i) => ({ line: i + 1, character: 1 })),
      })),
    },
  });
  const rowsOf = (e: CardEntry) => (e.result.kind === 'locations' ? e.result.groups.reduce((n, g) => n + g.rows.length, 0) : 0);

  it('sends small results whole', () => {
    const entry = entryWith([3, 4]);
    const { first, rest } = splitEntry(entry, 200);
    assert.equal(first, entry);
    assert.deepEqual(rest, []);
  });

  it('splits inside a group and merges back to the same entry', () => {
    for (const sizes of [[5000], [150, 150], [200, 1], [1, 199, 300, 2], [0, 400]]) {
      const entry = entryWith(sizes);
      const original = structuredClone(entry);
      const { first, rest } = splitEntry(entry, 200);
      assert.equal(rowsOf(first), Math.min(200, rowsOf(entry)), JSON.stringify(sizes));
      assert.equal(first.result.kind === 'locations' && first.result.total, original.result.kind === 'locations' && original.result.total);
      const received = structuredClone(first);
      assert.ok(mergeRows(received, structuredClone(rest)));
      assert.deepEqual(received, original, JSON.stringify(sizes));
      assert.deepEqual(entry, original, 'splitting leaves the entry as it was');
    }
  });
});
