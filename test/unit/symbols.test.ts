// lsp_symbols in plain Node over fake providers: modes, ranking, names' positions, outlines,
// caps and notes, readiness on a cold workspace, and the input errors.
import * as assert from 'node:assert/strict';
import { LspToolError } from '../../src/engine/errors';
import { normalizeDocumentSymbols, normalizeWorkspaceSymbols } from '../../src/engine/normalizeSymbols';
import { declarationsNamed, matchRank, namePosition, rankSymbols } from '../../src/engine/symbolRank';
import { parseSymbolsArgs } from '../../src/tools/lsp_symbols/input';
import { SymbolsEngine } from '../../src/tools/lsp_symbols/engine';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../src/engine/settings';
import { symbolKindName } from '../../src/text/symbolKind';
import { FAST_TUNING, FakeFeatures, FakeWorkspace, RecordingLog, ROOT } from './fakes/engineFakes';

const SHAPES = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  '',
  '/** A square. */',
  'export class Square implements Shape {',
  '  area(): number {',
  '    return 4;',
  '  }',
  '}',
].join('\n');

const KIND = { Class: 4, Method: 5, Interface: 10, Function: 11, Variable: 12 };
const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });
const uriObject = (uri: string) => ({ scheme: 'file', toString: () => uri });
/** A workspace symbol as tsserver gives it: the whole declaration's range, functions as `name()`. */
const info = (name: string, kind: number, uri: string, r: ReturnType<typeof range>, containerName = '') => ({
  name,
  kind,
  containerName,
  location: { uri: uriObject(uri), range: r },
});
/** A document symbol: its range and the range of its name. */
const docSymbol = (name: string, kind: number, r: ReturnType<typeof range>, selection: ReturnType<typeof range>, children: unknown[] = []) => ({
  name,
  kind,
  range: r,
  selectionRange: selection,
  children,
  detail: '',
});

function setup(settings: Partial<LspToolSettings> = {}) {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => undefined);
  const log = new RecordingLog();
  const shapes = workspace.add('src/shapes.ts', SHAPES);
  const symbols = new SymbolsEngine({ workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, ...settings }), tuning: FAST_TUNING });
  return { workspace, features, log, shapes, symbols };
}

async function rejectsWith(work: Promise<unknown>, code: string): Promise<string> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof LspToolError, String(err));
    assert.equal(err.code, code, err.message);
    return err.message;
  }
  assert.fail(`expected ${code}`);
}

describe('lsp_symbols input', () => {
  it('takes a query, a file, or both; neither is LSP_INVALID_ARGUMENT saying what to pass', () => {
    assert.deepEqual(parseSymbolsArgs({ query: ' Square ' }), { mode: 'workspace', query: 'Square' });
    assert.deepEqual(parseSymbolsArgs({ file_path: 'src/a.ts' }), { mode: 'outline', filePath: 'src/a.ts' });
    assert.deepEqual(parseSymbolsArgs({ file_path: 'src/a.ts', query: '' }), { mode: 'outline', filePath: 'src/a.ts' });
    assert.deepEqual(parseSymbolsArgs({ file_path: 'src/a.ts', query: 'area' }), { mode: 'file', filePath: 'src/a.ts', query: 'area' });
    assert.throws(
      () => parseSymbolsArgs({}),
      /^LspToolError: LSP_INVALID_ARGUMENT: pass "query" \(a symbol name\), "file_path" \(a file to outline\), or both\./,
    );
    assert.throws(() => parseSymbolsArgs({ query: 3 }), /LSP_INVALID_ARGUMENT: invalid arguments: "query" must be a string/);
    assert.throws(() => parseSymbolsArgs('Square'), /LSP_INVALID_ARGUMENT: invalid arguments: expected an object/);
  });
});

describe('lsp_symbols ranking (fake provider)', () => {
  it('declarationsNamed keeps the exact name, case-sensitive, each declaration once, in order', () => {
    const at = (name: string, uri: string, line: number) => ({ name, uri, selectionRange: { start: { line, character: 2 }, end: { line, character: 6 } } });
    const a = `${ROOT}/src/a.ts`;
    const b = `${ROOT}/src/b.ts`;
    const found = [at('area', b, 8), at('Area', a, 1), at('area', a, 1), at('areas', a, 3), at('area', b, 8), at('area', a, 16)];
    assert.deepEqual(
      declarationsNamed(found, 'area').map((s) => `${s.uri.slice(-4)}:${s.selectionRange.start.line}`),
      ['b.ts:8', 'a.ts:1', 'a.ts:16'],
    );
    assert.deepEqual(declarationsNamed(found, 'missing'), []);
  });

  it('ranks exact (case-sensitive, then not), prefix, contains, then fuzzy; sources before libraries; provider order within', () => {
    const inside = (uri: string) => uri.startsWith(`${ROOT}/`);
    const lib = 'file:///w/node_modules/x/index.d.ts';
    const src = `${ROOT}/src/a.ts`;
    const found = [
      { name: 'topMost', uri: src },
      { name: 'Top', uri: src },
      { name: 'stopper', uri: src },
      { name: 'top', uri: lib },
      { name: 'tXoXp', uri: src },
      { name: 'top', uri: src },
      { name: 'topLevel', uri: lib },
      { name: 'top', uri: `${ROOT}/types/a.d.ts` },
    ];
    assert.deepEqual(
      rankSymbols(found, 'top', inside).map((s) => `${s.name}@${s.uri.slice(10)}`),
      [
        'top@src/a.ts',
        'top@node_modules/x/index.d.ts',
        'top@types/a.d.ts',
        'Top@src/a.ts',
        'topMost@src/a.ts',
        'topLevel@node_modules/x/index.d.ts',
        'stopper@src/a.ts',
        'tXoXp@src/a.ts',
      ],
    );
    assert.deepEqual(
      ['x', 'X', 'xy', 'axb', 'a'].map((n) => matchRank(n, 'x')),
      [0, 1, 2, 3, 4],
    );
  });

  it('finds the name inside a declaration that starts at a decorator or keyword, else keeps the start', () => {
    const lines = ['@Component({ selector: "x" })', 'export class Square {', '}'];
    assert.deepEqual(namePosition(lines, range(0, 0, 2, 1), 'Square'), { line: 1, character: 13 });
    assert.deepEqual(
      namePosition(['const Squared = 1; let Square = 2;'], range(0, 0, 0, 34), 'Square'),
      { line: 0, character: 23 },
      'a whole token, not a prefix',
    );
    assert.deepEqual(namePosition(lines, range(0, 0, 2, 1), 'Missing'), { line: 0, character: 0 });
    assert.deepEqual(namePosition(undefined, range(4, 2, 5, 1), 'x'), { line: 4, character: 2 });
  });

  it('normalises SymbolInformation and DocumentSymbol: plain names, lower-case kinds, duplicates and malformed entries', () => {
    const uri = `${ROOT}/src/a.ts`;
    const { symbols, malformed } = normalizeWorkspaceSymbols([
      info('area()', KIND.Method, uri, range(1, 2, 1, 10), 'Shape'),
      info('area()', KIND.Method, uri, range(1, 2, 1, 10), 'Shape'),
      { name: 7 },
      null,
    ]);
    assert.deepEqual(symbols, [{ name: 'area', kind: 'method', containerName: 'Shape', uri, range: range(1, 2, 1, 10) }]);
    assert.equal(malformed, 2);
    assert.equal(symbolKindName(21), 'enummember');
    assert.equal(symbolKindName(99), 'symbol');
    const flat = normalizeDocumentSymbols(
      [info('Square', KIND.Class, uri, range(5, 0, 9, 1)), info('area', KIND.Method, uri, range(6, 2, 8, 3), 'Square')],
      uri,
    );
    assert.equal(flat.symbols.length, 1, 'flat SymbolInformation is nested by range');
    assert.equal(flat.symbols[0]!.children![0]!.name, 'area');
  });
});

describe('lsp_symbols queries (fake provider)', () => {
  it('a workspace search answers ranked lines at each name, after loading the projects of a cold workspace', async () => {
    const fx = setup();
    fx.workspace.projectFiles = [fx.shapes];
    // A server that knows nothing until a file of its project is open, then the open file first, then everything.
    let loadedAt = -1;
    fx.features.more.workspaceSymbols = (_query, call) => {
      if (fx.workspace.projectLoads === 0) return [];
      if (loadedAt < 0) loadedAt = call;
      const all = [
        info('Square', KIND.Class, fx.shapes, range(5, 0, 9, 1)),
        info('SquareLike', KIND.Interface, `${ROOT}/src/other.ts`, range(0, 0, 0, 30)),
        info('aSquare', KIND.Variable, `${ROOT}/src/other.ts`, range(2, 0, 2, 20)),
      ];
      return call - loadedAt < 2 ? all.slice(0, 1) : all;
    };
    fx.workspace.add('src/other.ts', 'export interface SquareLike { side: number }\n\nconst aSquare = 1;');
    const outcome = await fx.symbols.execute({ query: 'Square' });
    assert.equal(fx.workspace.projectLoads, 1);
    assert.equal(outcome.result.completeness, 'complete');
    assert.equal(
      outcome.text,
      ['src/shapes.ts:6:14: class Square', 'src/other.ts:1:18: interface SquareLike', 'src/other.ts:3:7: variable aSquare'].join('\n'),
      'the cold answer is the complete one, each position on the name',
    );
    assert.deepEqual(outcome.result.symbols[0]!.selectionRange, range(5, 13, 5, 19));
    const calls = fx.features.commandCalls.workspaceSymbols;
    const warm = await fx.symbols.execute({ query: 'Square' });
    assert.equal(fx.features.commandCalls.workspaceSymbols - calls, 1, 'a warm search is one provider call');
    assert.equal(warm.text, outcome.text);
    assert.match(fx.log.lines.find((l) => l.level === 'debug')!.message, /^symbols Square -> 3 symbols \(complete\) in /);
  });

  it('a qualified name that matches nothing gets a note to search for its last part', async () => {
    const fx = setup();
    fx.features.more.workspaceSymbols = () => [];
    const outcome = await fx.symbols.execute({ query: 'Square.area' });
    assert.equal(outcome.text, 'No results.\nNote: nothing is named "Square.area": the search matches one name, not a qualified one. Search for "area".');
  });

  it("an outline nests by indentation at each name; a file query keeps the matches' ancestors", async () => {
    const fx = setup();
    fx.features.more.documentSymbols = () => [
      docSymbol('Shape', KIND.Interface, range(0, 0, 2, 1), range(0, 17, 0, 22), [docSymbol('area', KIND.Method, range(1, 2, 1, 17), range(1, 2, 1, 6))]),
      docSymbol('Square', KIND.Class, range(4, 0, 9, 1), range(5, 13, 5, 19), [docSymbol('area', KIND.Method, range(6, 2, 8, 3), range(6, 2, 6, 6))]),
    ];
    const outline = await fx.symbols.execute({ file_path: 'src/shapes.ts' });
    assert.equal(
      outline.text,
      ['src/shapes.ts:1:18: interface Shape', '  src/shapes.ts:2:3: method area', 'src/shapes.ts:6:14: class Square', '  src/shapes.ts:7:3: method area'].join(
        '\n',
      ),
    );
    assert.equal(outline.result.symbols[1]!.children!.length, 1, 'the canonical value nests too');
    const filtered = await fx.symbols.execute({ file_path: 'src/shapes.ts', query: 'are' });
    assert.equal(filtered.text, outline.text, 'every area is kept, with the symbol it is in');
    const squareOnly = await fx.symbols.execute({ file_path: 'src/shapes.ts', query: 'square' });
    assert.equal(squareOnly.text, 'src/shapes.ts:6:14: class Square');
    const none = await fx.symbols.execute({ file_path: 'src/shapes.ts', query: 'zzz' });
    assert.equal(none.text, 'No results.\nNote: no symbol of "src/shapes.ts" (4 in all) has "zzz" in its name. Pass file_path alone for the whole outline.');
  });

  it('caps the symbols at maxLocations with the omission marker, and the text at maxResultChars', async () => {
    const fx = setup({ maxLocations: 2 });
    fx.features.more.workspaceSymbols = () => Array.from({ length: 5 }, (_, i) => info(`sym${i}`, KIND.Function, fx.shapes, range(i, 0, i, 5)));
    const capped = await fx.symbols.execute({ query: 'sym' });
    assert.equal(capped.text.split('\n').length, 3);
    assert.match(capped.text, /\n… 3 more symbols omitted \(limit 2\)\.$/);
    assert.equal(capped.result.symbols.length, 5, 'the canonical value is uncapped');
    const short = setup({ maxResultChars: 60 });
    short.features.more.workspaceSymbols = () => Array.from({ length: 5 }, (_, i) => info(`sym${i}`, KIND.Function, short.shapes, range(i, 0, i, 5)));
    const cut = await short.symbols.execute({ query: 'sym' });
    assert.ok(cut.text.length <= 60, cut.text);
    assert.match(cut.text, /… symbols truncated \(limit 60 characters\)\.$/);
  });

  it("says no language provider answered for a file with none, and reports the lsp tool's errors", async () => {
    const fx = setup({ outsideWorkspace: 'deny', timeoutMs: 100 });
    fx.workspace.add('notes.txt', 'words', 'plaintext');
    fx.workspace.add('/elsewhere/x.ts', 'const x = 1;', 'typescript', false);
    fx.features.more.documentSymbols = () => [];
    const plain = await fx.symbols.execute({ file_path: 'notes.txt' });
    assert.equal(plain.result.completeness, 'noProvider');
    assert.equal(
      plain.text,
      'No results.\nNote: no language provider answered for language id "plaintext". Install an extension with language features for it, or use text search.',
    );
    await rejectsWith(fx.symbols.execute({ file_path: 'src/nope.ts' }), 'LSP_FILE_NOT_FOUND');
    await rejectsWith(fx.symbols.execute({ file_path: '/elsewhere/x.ts' }), 'LSP_OUTSIDE_WORKSPACE_DENIED');
    fx.features.more.workspaceSymbols = () => new Promise(() => undefined);
    assert.match(await rejectsWith(fx.symbols.execute({ query: 'x' }), 'LSP_TIMEOUT'), /timed out after 100ms/);
  });

  it('stops with LSP_CANCELLED when cancelled', async () => {
    const fx = setup();
    let cancel = (): void => undefined;
    const listeners: (() => void)[] = [];
    const token = { isCancellationRequested: false, onCancellationRequested: (l: () => void) => (listeners.push(l), { dispose: () => undefined }) };
    cancel = () => {
      token.isCancellationRequested = true;
      for (const l of listeners) l();
    };
    fx.features.more.workspaceSymbols = () => {
      setTimeout(cancel, 5);
      return new Promise(() => undefined);
    };
    await rejectsWith(fx.symbols.execute({ query: 'x' }, token), 'LSP_CANCELLED');
  });
});

describe('lsp_symbols text at the character cap', () => {
  it('never drops symbols silently: a text cut at the cap ends with the truncation notice', async () => {
    const { formatSymbols } = await import('../../src/text/renderSymbols');
    const at = (name: string, line: number) => ({ name, kind: 'method', uri: `${ROOT}/a.ts`, selectionRange: { start: { line, character: 2 } } });
    const symbols = [at('aaaaaaaa', 0), at('bbbbbbbb', 1), at('cccccccc', 2)];
    const full = formatSymbols(symbols, {
      resolvedWorkspaceUri: ROOT,
      roots: [{ name: 'w', uri: ROOT }],
      maxSymbols: 100,
      maxResultChars: 10_000,
      outline: false,
    });
    const twoLines = full.split('\n').slice(0, 2).join('\n').length;
    for (const max of [twoLines - 1, twoLines, twoLines + 1, twoLines + 5]) {
      const text = formatSymbols(symbols, {
        resolvedWorkspaceUri: ROOT,
        roots: [{ name: 'w', uri: ROOT }],
        maxSymbols: 100,
        maxResultChars: max,
        outline: false,
      });
      assert.ok(text.length <= max, `${text.length} <= ${max}`);
      assert.match(text, /… symbols truncated \(limit \d+ characters\)\.$/, `max ${max}: ${text}`);
    }
  });
});
