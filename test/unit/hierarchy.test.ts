// lsp_hierarchy's walk in plain Node over fake ports: every prepared item, each level in parallel
// (bounded), repeats and cycles, caps, readiness, the subtypes fallback, and the one budget.
import * as assert from 'node:assert/strict';
import { LspToolError } from '../../src/engine/errors';
import { HierarchyEngine } from '../../src/tools/lsp_hierarchy/engine';
import { PROVIDER_CALLS_PER_WALK } from '../../src/tools/lsp_hierarchy/walk';
import { parseHierarchyArgs } from '../../src/tools/lsp_hierarchy/input';
import type { HierarchyNode } from '../../src/engine/hierarchyResult';
import { normalizeRelated, uniqueSites } from '../../src/engine/normalizeHierarchy';
import type { HierarchyDirection } from '../../src/engine/ports';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../src/engine/settings';
import { formatHierarchy } from '../../src/text/renderHierarchy';
import { hierarchyCardBody } from '../../src/tools/lsp_hierarchy/card';
import { isFromCard } from '../../src/card/webview/protocol';
import { findTreeNode, setTreeChildren } from '../../src/card/webview/treeNodes';
import { HierarchyExpansions, nodeAt } from '../../src/engine/hierarchyTree';
import { cancellation, FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog } from './fakes/engineFakes';

const SOURCE = [
  'export function a() { return b(); }', // 0
  'export function b() { return c() + c(); }', // 1
  'export function c() { return 3; }', // 2
  'export function ping() { return pong(); }', // 3
  'export function pong() { return ping(); }', // 4
  'export function down(n) { return down(n - 1); }', // 5
  'const atLoad = a();', // 6
  '   ', // 7
  'export function d() { return c() + b(); }', // 8
].join('\n');

/** Who calls whom, with the call sites' columns on the caller's line. */
const CALLS: Record<string, { to: string; at: number[] }[]> = {
  a: [{ to: 'b', at: [29] }],
  b: [{ to: 'c', at: [29, 35, 29] }],
  c: [],
  ping: [{ to: 'pong', at: [32] }],
  pong: [{ to: 'ping', at: [32] }],
  down: [{ to: 'down', at: [33] }],
  d: [
    { to: 'c', at: [29] },
    { to: 'b', at: [35] },
  ],
};
const LINE: Record<string, number> = { a: 0, b: 1, c: 2, ping: 3, pong: 4, down: 5, d: 8 };

function setup(settings: Partial<LspToolSettings> = {}) {
  const workspace = new FakeWorkspace();
  const uri = workspace.add('src/calls.ts', SOURCE);
  workspace.add('notes.txt', 'plain words here', 'plaintext');
  const features = new FakeFeatures(() => []);
  const log = new RecordingLog();
  const deps = { workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, ...settings }), tuning: FAST_TUNING };
  const engine = new HierarchyEngine(deps);
  const item = (name: string) => {
    const line = LINE[name]!;
    const character = SOURCE.split('\n')[line]!.indexOf(`function ${name}`) + 9;
    const at = location(uri, line, character, name.length);
    return { name, kind: 11, detail: '', uri: at.uri, range: { start: { line, character: 0 }, end: { line, character: 40 } }, selectionRange: at.range };
  };
  const range = (name: string, character: number) => location(uri, LINE[name]!, character, 1).range;
  const related = (direction: HierarchyDirection, raw: unknown): unknown => {
    const name = (raw as { name: string }).name;
    if (direction === 'outgoingCalls') return CALLS[name]!.map((call) => ({ to: item(call.to), fromRanges: call.at.map((c) => range(name, c)) }));
    if (direction === 'incomingCalls') {
      return Object.entries(CALLS).flatMap(([from, calls]) =>
        calls.filter((call) => call.to === name).map((call) => ({ from: item(from), fromRanges: call.at.map((c) => range(from, c)) })),
      );
    }
    return [];
  };
  features.more.prepareHierarchy = (_kind, _uri, position) => {
    const name = Object.keys(LINE).find(
      (n) => LINE[n] === position.line && SOURCE.split('\n')[position.line]!.indexOf(`function ${n}`) + 9 <= position.character,
    );
    return name ? [item(name)] : [];
  };
  features.more.hierarchyRelated = related;
  return { workspace, features, log, engine, uri, item };
}

const at = (name: string): { line: number; character: number } => ({
  line: LINE[name]! + 1,
  character: SOURCE.split('\n')[LINE[name]!]!.indexOf(`function ${name}`) + 10,
});

function names(nodes: readonly HierarchyNode[]): unknown[] {
  return nodes.map((n) => (n.children.length > 0 ? [n.item.name, names(n.children)] : n.item.name + (n.cycle ? '!' : n.repeated ? '*' : '')));
}

async function rejectsWith(work: Promise<unknown>, code: string, pattern?: RegExp): Promise<LspToolError> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof LspToolError, `expected LspToolError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    if (pattern) assert.match(err.message, pattern);
    return err;
  }
  assert.fail(`expected ${code}`);
}

describe('lsp_hierarchy engine (fake language features)', () => {
  it('lists the direct callers with their call sites, once each, at depth 1', async () => {
    const fx = setup();
    const outcome = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c') });
    assert.equal(
      outcome.text,
      ['src/calls.ts:3:17: function c', '  src/calls.ts:2:17: function b (calls at 2:30, 2:36)', '  src/calls.ts:9:17: function d (calls at 9:30)'].join('\n'),
    );
    assert.equal(outcome.result.kind, 'hierarchy');
    assert.equal(outcome.result.direction, 'incomingCalls');
    assert.equal(outcome.result.completeness, 'complete');
    assert.deepEqual(outcome.heading, { kind: 'position', question: 'incomingCalls', subject: { name: 'c', at: 'src/calls.ts:3:17' }, depth: 1 });
    assert.equal(outcome.title, 'LSP incomingCalls src/calls.ts:3:17', 'the raw title, as the chat shows the call');
    const [root] = outcome.result.roots;
    assert.deepEqual(root!.item, {
      name: 'c',
      kind: 'function',
      uri: fx.uri,
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 40 } },
      selectionRange: { start: { line: 2, character: 16 }, end: { line: 2, character: 17 } },
    });
    assert.deepEqual(
      root!.children[0]!.fromRanges!.map((r) => r.start),
      [
        { line: 1, character: 29 },
        { line: 1, character: 35 },
      ],
    );
    assert.deepEqual(root!.children[0]!.children, [], 'depth 1 does not expand the callers');
  });

  it('walks three levels, marking repeats and cycles without expanding them', async () => {
    const fx = setup();
    const incoming = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 });
    assert.deepEqual(incoming.heading, { kind: 'position', question: 'incomingCalls', subject: { name: 'c', at: 'src/calls.ts:3:17' }, depth: 3 });
    // b is called by a and d; d already appears one level up, so it is a repeat under b.
    assert.deepEqual(names(incoming.result.roots[0]!.children), [['b', ['a', 'd*']], 'd']);
    const cycle = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', ...at('ping'), depth: 3 });
    assert.deepEqual(names(cycle.result.roots[0]!.children), [['pong', ['ping!']]]);
    assert.match(cycle.text, /^ {4}src\/calls\.ts:4:17: function ping \(called at 5:33\) \[cycle\]$/m);
    const recursion = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('down'), depth: 5 });
    assert.deepEqual(names(recursion.result.roots[0]!.children), ['down!']);
    const outgoing = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', ...at('d'), depth: 3 });
    assert.deepEqual(names(outgoing.result.roots[0]!.children), ['c', ['b', ['c*']]]);
    assert.match(outgoing.text, /^ {4}src\/calls\.ts:3:17: function c \(called at 2:30, 2:36\) \[repeated\]$/m, outgoing.text);
  });

  it('expands every prepared item, not only the first', async () => {
    const fx = setup();
    fx.features.more.prepareHierarchy = () => [fx.item('a'), fx.item('ping')];
    const outcome = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', line: 1, character: 1 });
    assert.deepEqual(
      outcome.result.roots.map((r) => [r.item.name, names(r.children)]),
      [
        ['a', ['b']],
        ['ping', ['pong']],
      ],
    );
    assert.equal(outcome.text.split('\n').filter((l) => !l.startsWith(' ')).length, 2, outcome.text);
  });

  it('runs each level in parallel, bounded, and the next level only after it', async () => {
    const fx = setup();
    const width = 20;
    fx.features.more.prepareHierarchy = () => [fx.item('c')];
    let inFlight = 0;
    let maxInFlight = 0;
    const levels: number[] = [];
    fx.features.more.hierarchyRelated = async (_direction, raw) => {
      const name = (raw as { name: string }).name;
      const level = name === 'c' ? 0 : name.startsWith('x') ? 1 : 2;
      levels.push(level);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (level === 0)
        return Array.from({ length: width }, (_, i) => ({
          from: { ...fx.item('a'), name: `x${i}`, selectionRange: location(fx.uri, 0, i, 1).range },
          fromRanges: [],
        }));
      if (level === 1) return [{ from: { ...fx.item('b'), name: `y${name}` }, fromRanges: [] }];
      return [];
    };
    // Warm the key first: a cold call re-walks until the answers hold still.
    await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 });
    levels.length = 0;
    maxInFlight = 0;
    const outcome = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 });
    assert.equal(maxInFlight, PROVIDER_CALLS_PER_WALK, 'the level runs with exactly the bounded concurrency');
    assert.deepEqual(levels, [...levels].sort(), 'no call of a deeper level before every call of the level above');
    assert.equal(outcome.result.roots[0]!.children.length, width);
    assert.equal(outcome.result.roots[0]!.children[3]!.children[0]!.item.name, 'yx3');
  });

  it('caps related lines over all levels with the omission marker, and the text by maxResultChars', async () => {
    const fx = setup({ maxLocations: 2 });
    const outcome = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 });
    assert.equal(
      outcome.text,
      [
        'src/calls.ts:3:17: function c',
        '  src/calls.ts:2:17: function b (calls at 2:30, 2:36)',
        '    src/calls.ts:1:17: function a (calls at 1:30)',
        '… 2 more related items omitted (limit 2).',
      ].join('\n'),
    );
    assert.equal(outcome.result.roots[0]!.children.length, 2, 'the canonical value is uncapped');
    const small = setup({ maxResultChars: 60 });
    const cut = await small.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 });
    assert.equal(cut.text.length, 60);
    assert.match(cut.text, /… hierarchy truncated \(limit 60 characters\)\.$/);
  });

  it('says "No results." with the identifiers note off a symbol, and the no-provider note for plain text', async () => {
    const fx = setup();
    const empty = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', line: 8, character: 2 });
    assert.equal(empty.text, 'No results.\nNote: no identifier at 8:2, and line 8 has none.');
    const snapped = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', line: 3, character: 1, symbol: 'c' });
    assert.match(snapped.text, /Note: moved to "c" at 3:17 \(asked for 3:1\)\./);
    fx.features.more.prepareHierarchy = () => [];
    const started = Date.now();
    const plain = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'notes.txt', line: 1, character: 3 });
    assert.equal(plain.result.completeness, 'noProvider');
    assert.equal(
      plain.text,
      'No results.\nNote: no language provider answered for language id "plaintext". Install an extension with language features for it, or use text search.',
    );
    assert.ok(Date.now() - started < FAST_TUNING.emptyStableMs, 'no readiness wait when nothing could answer');
  });

  it('waits for readiness when cold, so the first tree equals a warm one; warm calls walk once', async () => {
    const fx = setup();
    let calls = 0;
    const full = fx.features.more.hierarchyRelated!;
    fx.features.more.hierarchyRelated = (direction, raw) => {
      calls++;
      const answer = full(direction, raw) as unknown[];
      return calls <= 2 ? answer.slice(0, 1) : answer;
    };
    const cold = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c') });
    assert.deepEqual(names(cold.result.roots[0]!.children), ['b', 'd']);
    const before = fx.features.commandCalls.hierarchyRelated;
    const warm = await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c') });
    assert.equal(warm.text, cold.text);
    assert.equal(fx.features.commandCalls.hierarchyRelated - before, 1, 'a warm depth-1 call asks once');
  });

  it('stops the walk on cancellation: no provider call starts after it', async () => {
    const fx = setup();
    const { token, cancel } = cancellation();
    fx.features.more.hierarchyRelated = async (_direction, raw) => {
      if ((raw as { name: string }).name !== 'c') await new Promise((resolve) => setTimeout(resolve, 30));
      return Array.from({ length: 30 }, (_, i) => ({
        from: { ...fx.item('a'), name: `n${i}${(raw as { name: string }).name}`, selectionRange: location(fx.uri, 0, i, 1).range },
        fromRanges: [],
      }));
    };
    // Warm the key so that the walk runs once, without readiness re-walks.
    await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('a') });
    const started = fx.features.commandCalls.hierarchyRelated;
    const work = fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 4 }, token);
    setTimeout(cancel, 10);
    await rejectsWith(work, 'LSP_CANCELLED');
    const atCancel = fx.features.commandCalls.hierarchyRelated - started;
    assert.ok(atCancel <= 1 + PROVIDER_CALLS_PER_WALK, `only the first level's first batch started (${atCancel})`);
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(fx.features.commandCalls.hierarchyRelated - started, atCancel, 'nothing started after the cancellation');
  });

  it('times out inside the one budget in the middle of a deep walk', async () => {
    const fx = setup({ timeoutMs: 150 });
    await fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('a') });
    const full = fx.features.more.hierarchyRelated!;
    fx.features.more.hierarchyRelated = async (direction, raw) => {
      if ((raw as { name: string }).name === 'b') await new Promise((resolve) => setTimeout(resolve, 1000));
      return full(direction, raw);
    };
    const started = Date.now();
    await rejectsWith(
      fx.engine.execute({ direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 }),
      'LSP_TIMEOUT',
      /timed out after 150ms/,
    );
    assert.ok(Date.now() - started < 900, 'the budget ends the walk, not the slow provider');
  });

  it('never answers "(no callers)" because VS Code disposed a prepare: more than ten walks at once, and the card a while later', async () => {
    const fx = setup();
    // VS Code's _executePrepareCallHierarchy keeps the last ten models; an item of a disposed one gets [].
    const kept = new Map<number, true>();
    let sessions = 0;
    const prepare = fx.features.more.prepareHierarchy!;
    const related = fx.features.more.hierarchyRelated!;
    const inSession = (raw: unknown, session: number): unknown =>
      Array.isArray(raw) ? raw.map((entry: Record<string, unknown>) => withSession(entry, session)) : raw;
    const withSession = (entry: Record<string, unknown>, session: number): Record<string, unknown> => {
      const item = (entry.from ?? entry.to ?? entry) as Record<string, unknown>;
      const tagged = { ...item, session };
      return entry.from ? { ...entry, from: tagged } : entry.to ? { ...entry, to: tagged } : tagged;
    };
    fx.features.more.prepareHierarchy = (kind, uri, position) => {
      const items = prepare(kind, uri, position) as unknown[];
      if (items.length === 0) return items;
      const session = sessions++;
      kept.set(session, true);
      for (const old of kept.keys()) if (kept.size > 10) kept.delete(old);
      return inSession(items, session);
    };
    fx.features.more.hierarchyRelated = async (direction, item) => {
      const session = (item as { session: number }).session;
      await new Promise((resolve) => setTimeout(resolve, 1 + (session % 4)));
      return kept.has(session) ? inSession(related(direction, item), session) : [];
    };
    const asked = { direction: 'incomingCalls', file_path: 'src/calls.ts', ...at('c'), depth: 3 };
    const alone = (await fx.engine.execute(asked)).text;
    assert.match(alone, /function b/);
    const together = await Promise.all(Array.from({ length: 30 }, () => fx.engine.execute(asked)));
    together.forEach((outcome, i) => assert.equal(outcome.text, alone, `walk ${i} of 30`));
    assert.ok(sessions >= 31, `${sessions} prepares`);

    // The card expands a node of a walk whose prepare has long been disposed.
    const shallow = await fx.engine.execute({ ...asked, depth: 1 });
    await Promise.all(Array.from({ length: 12 }, () => fx.engine.execute(asked)));
    const expansions = new HierarchyExpansions((direction, handle, item) => fx.engine.children(direction, handle, item));
    const grown = await expansions.expand(shallow, '0/0');
    assert.deepEqual(names(grown!.children), ['a', 'd*'], 'b is called by a, and by d (shown already)');
  });

  it('falls back to the implementation provider for subtypes when no type hierarchy is prepared, with a Note', async () => {
    const fx = setup();
    const text = [
      'export interface Greeter {}',
      'export class Loud implements Greeter {}',
      'export class Shout extends Loud {}',
      'export const all: Greeter[] = [];',
    ].join('\n');
    const uri = fx.workspace.add('src/greet.ts', text);
    const sym = (name: string, kind: number, line: number) => ({
      name,
      kind,
      detail: '',
      range: { start: { line, character: 0 }, end: { line, character: 40 } },
      selectionRange: {
        start: { line, character: text.split('\n')[line]!.indexOf(name) },
        end: { line, character: text.split('\n')[line]!.indexOf(name) + name.length },
      },
      children: [],
    });
    fx.features.more.prepareHierarchy = () => [];
    fx.features.more.documentSymbols = () => [sym('Greeter', 10, 0), sym('Loud', 4, 1), sym('Shout', 4, 2), sym('all', 13, 3)];
    fx.features.answer = (operation, _uri, position) => {
      if (operation !== 'goToImplementation') return [];
      // On the interface: both classes and a value typed as it (tsserver names the initialiser, where no declaration's name is); on a class: itself and its subclass.
      if (position.line === 0) return [location(uri, 1, 13, 4), location(uri, 2, 13, 5), location(uri, 3, 30, 2)];
      if (position.line === 1) return [location(uri, 1, 13, 4), location(uri, 2, 13, 5)];
      return [location(uri, 2, 13, 5)];
    };
    const outcome = await fx.engine.execute({ direction: 'subtypes', file_path: 'src/greet.ts', line: 1, character: 18, depth: 2 });
    assert.deepEqual(
      outcome.result.roots.map((r) => [r.item.name, r.item.kind]),
      [['Greeter', 'interface']],
    );
    assert.deepEqual(names(outcome.result.roots[0]!.children), [['Loud', ['Shout*']], 'Shout']);
    assert.match(outcome.text, /^src\/greet\.ts:1:18: interface Greeter\n {2}src\/greet\.ts:2:14: class Loud\n/);
    assert.match(
      outcome.text,
      /Note: no type hierarchy provider answered for language id "typescript"; these subtypes of "Greeter" come from the implementation provider/,
    );
    const supertypes = await fx.engine.execute({ direction: 'supertypes', file_path: 'src/greet.ts', line: 2, character: 14 });
    assert.equal(supertypes.result.completeness, 'noProvider');
    assert.match(supertypes.text, /^No results\.\nNote: no type hierarchy provider answered for language id "typescript", so supertypes cannot be listed\./);
  });

  it('walks a real type hierarchy provider when there is one', async () => {
    const fx = setup();
    fx.features.more.prepareHierarchy = (kind) => (kind === 'type' ? [{ ...fx.item('a'), kind: 4 }] : []);
    fx.features.more.hierarchyRelated = (direction, raw) =>
      (raw as { name: string }).name === 'a' && direction === 'supertypes' ? [{ ...fx.item('b'), kind: 10 }] : [];
    const outcome = await fx.engine.execute({ direction: 'supertypes', file_path: 'src/calls.ts', ...at('a'), depth: 2 });
    assert.equal(outcome.text, 'src/calls.ts:1:17: class a\n  src/calls.ts:2:17: interface b');
  });
});

describe('lsp_hierarchy input', () => {
  const base = { direction: 'incomingCalls', file_path: 'a.ts', line: 1, character: 1 };
  const message = (pattern: RegExp) => (err: unknown) => err instanceof LspToolError && pattern.test(err.message);
  it('rejects a bad direction and depths outside 1..5 with what to pass', () => {
    assert.throws(
      () => parseHierarchyArgs({ ...base, direction: 'callers' }),
      message(
        /^LSP_INVALID_ARGUMENT: invalid arguments: "direction" must be one of \["incomingCalls","outgoingCalls","supertypes","subtypes"\]\. Call lsp_hierarchy with/,
      ),
    );
    for (const depth of [0, 6, 1.5, -1])
      assert.throws(() => parseHierarchyArgs({ ...base, depth }), message(/^LSP_INVALID_ARGUMENT: depth must be an integer from 1 to 5\. Got /));
    assert.throws(() => parseHierarchyArgs({ ...base, depth: '2' }), message(/"depth" must be a number/));
    assert.throws(() => parseHierarchyArgs({ ...base, line: 0 }), message(/^LSP_INVALID_ARGUMENT: line must be a positive integer \(one-based\)/));
    assert.throws(() => parseHierarchyArgs({ file_path: 'a.ts', line: 1, character: 1 }), message(/missing required property "direction"/));
    assert.deepEqual(parseHierarchyArgs({ ...base, depth: 5, symbol: ' x ' }), {
      direction: 'incomingCalls',
      filePath: 'a.ts',
      position: { line: 0, character: 0 },
      depth: 5,
      symbol: 'x',
    });
    assert.equal(parseHierarchyArgs(base).depth, 1);
  });
});

describe('lsp_hierarchy normalisation and text', () => {
  it('lists each call site once, in order, and merges an item answered twice', () => {
    const r = (line: number, character: number, end = character + 3) => ({ start: { line, character }, end: { line, character: end } });
    assert.deepEqual(uniqueSites([r(2, 5), r(1, 4), r(2, 5), r(2, 5, 12)]), [r(1, 4), r(2, 5)]);
    const item = { name: 'f', kind: 11, uri: 'file:///w/a.ts', range: r(0, 0, 20), selectionRange: r(0, 9, 10) };
    const { related, malformed } = normalizeRelated('incomingCalls', [
      { from: item, fromRanges: [r(3, 1)] },
      { from: item, fromRanges: [r(1, 1), r(3, 1)] },
      { nonsense: true },
    ]);
    assert.equal(malformed, 1);
    assert.equal(related.length, 1);
    assert.deepEqual(related[0]!.fromRanges, [r(1, 1), r(3, 1)]);
  });

  it('renders roots without related items as "(no callers)" and keeps notes within the cap', () => {
    const item = { name: 'f', kind: 'function', uri: 'file:///w/a.ts', selectionRange: { start: { line: 0, character: 9 } } };
    const text = formatHierarchy([{ item, children: [] }], {
      direction: 'incomingCalls',
      pathOf: () => 'a.ts',
      maxLocations: 10,
      maxResultChars: 1000,
      notes: ['x'],
    });
    assert.equal(text, 'a.ts:1:10: function f\n  (no callers)\nNote: x');
  });
});

describe('lsp_hierarchy in the card (pure)', () => {
  it('builds the tree with keys, icons, call sites in the right file, and lazy nodes at the walked depth', async () => {
    const fx = setup();
    const outcome = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', ...at('a'), depth: 1 });
    const body = hierarchyCardBody({ result: outcome.result, depth: 1, resolvedWorkspaceUri: 'file:///w', roots: fx.workspace.roots() });
    const entry = { id: 7, title: 't', source: 'tool' as const, completeness: outcome.completeness, notes: [], ...body };
    assert.equal(entry.result.kind, 'hierarchy');
    if (entry.result.kind !== 'hierarchy') return;
    const [root] = entry.result.roots;
    assert.deepEqual(
      { key: root!.key, icon: root!.icon, path: root!.path, line: root!.line, character: root!.character },
      { key: '0', icon: 'symbol-function', path: 'src/calls.ts', line: 1, character: 17 },
    );
    const [b] = root!.children!;
    assert.equal(b!.key, '0/0');
    assert.deepEqual(b!.sites, [{ uri: fx.uri, path: 'src/calls.ts', line: 1, character: 30 }], "outgoing sites are in the parent's file");
    assert.equal(b!.children, undefined, 'a node at the walked depth is fetched when expanded');
    assert.equal(entry.result.total, 1);
    assert.ok(setTreeChildren(entry, '0/0', [{ ...b!, key: '0/0/0', children: [] }]));
    assert.equal(findTreeNode(entry, '0/0/0')?.key, '0/0/0');
    assert.equal(entry.result.total, 2);
    assert.equal(setTreeChildren(entry, '0/0', []), false, 'children are set once');
    assert.ok(isFromCard({ type: 'expandHierarchy', id: 7, key: '0/0' }));
    assert.ok(isFromCard({ type: 'openInHierarchy', id: 7 }));
    assert.equal(isFromCard({ type: 'expandHierarchy', id: 7 }), false);
  });

  it('expands a node past the walked depth to what a deeper walk lists there, repeats and cycles alike', async () => {
    const fx = setup();
    const expansions = new HierarchyExpansions((direction, handle, item) => fx.engine.children(direction, handle, item));
    // d -> c, b; b -> c (shown already); ping -> pong -> ping (its own ancestor). Opened level by level, as a person does.
    for (const [name, paths, marked] of [
      ['d', ['0/0', '0/1'], ['c*']],
      ['ping', ['0/0'], ['ping!']],
    ] as const) {
      const deep = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', ...at(name), depth: 3 });
      const shallow = await fx.engine.execute({ direction: 'outgoingCalls', file_path: 'src/calls.ts', ...at(name), depth: 1 });
      const walked = JSON.stringify(shallow.result);
      for (const path of paths) assert.ok(await expansions.expand(shallow, path), path);
      const tree = expansions.tree(shallow);
      for (const path of paths) {
        assert.deepEqual(
          names(nodeAt(tree, path)!.node.children),
          names(nodeAt({ roots: deep.result.roots, handles: deep.handles }, path)!.node.children),
          `${name} ${path}`,
        );
      }
      assert.deepEqual(names(nodeAt(tree, paths[paths.length - 1]!)!.node.children), marked);
      assert.equal(JSON.stringify(shallow.result), walked, 'the recorded outcome keeps the tree the tool returned');
    }
  });
});
