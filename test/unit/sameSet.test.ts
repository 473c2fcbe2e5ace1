// Answers compared as sets (issue 19): a server that returns the same items in another order from
// call to call (gopls) is stable, and the answer keeps the provider's order.
import * as assert from 'node:assert/strict';
import { createBudget } from '../../src/engine/budget';
import type { HierarchyRoot } from '../../src/engine/hierarchyResult';
import { settle } from '../../src/engine/readiness';
import { orderInsensitiveKey, sameAsSets, sameHierarchy } from '../../src/engine/sameSet';
import { HierarchyEngine } from '../../src/tools/lsp_hierarchy/engine';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { engineWith, FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog } from './fakes/engineFakes';

const range = (line: number, character: number) => ({ start: { line, character }, end: { line, character: character + 1 } });
const item = (name: string, line: number) => ({ name, kind: 'function', uri: 'file:///w/a.go', range: range(line, 0), selectionRange: range(line, 5) });

describe('answers compared as sets', () => {
  it('gives entries in another order the same key, and other entries or counts another', () => {
    const a = {
      kind: 'locations',
      locations: [
        { uri: 'a', range: range(1, 2) },
        { uri: 'b', range: range(3, 4) },
      ],
      malformed: 0,
    };
    const b = {
      malformed: 0,
      locations: [
        { range: range(3, 4), uri: 'b' },
        { uri: 'a', range: range(1, 2) },
      ],
      kind: 'locations',
    };
    assert.equal(orderInsensitiveKey(a), orderInsensitiveKey(b));
    assert.ok(sameAsSets(a, b));
    assert.ok(!sameAsSets(a, { ...a, locations: [a.locations[0]] }), 'a missing entry differs');
    assert.ok(!sameAsSets(a, { ...a, locations: [a.locations[0], a.locations[0]] }), 'a repeated entry is not the same multiset');
    assert.ok(!sameAsSets({ contents: 'x' }, { contents: 'y' }));
    assert.ok(sameAsSets({ hover: null }, { hover: null }));
  });

  it('compares walked trees by their edges: which copy of a repeated item is expanded does not matter', () => {
    // x is called by a and by b; depending on the order, x under a or x under b is the one expanded.
    const x = item('x', 1);
    const leaf = { item: item('leaf', 2), children: [] };
    const root = item('root', 0);
    const first: HierarchyRoot[] = [
      {
        item: root,
        children: [
          { item: item('a', 3), children: [{ item: x, children: [leaf] }] },
          { item: item('b', 4), children: [{ item: x, children: [], repeated: true }] },
        ],
      },
    ];
    const second: HierarchyRoot[] = [
      {
        item: root,
        children: [
          { item: item('b', 4), children: [{ item: x, children: [leaf] }] },
          { item: item('a', 3), children: [{ item: x, children: [], repeated: true }] },
        ],
      },
    ];
    assert.ok(sameHierarchy(first, second));
    const fewer: HierarchyRoot[] = [{ item: root, children: [{ item: item('a', 3), children: [{ item: x, children: [leaf] }] }] }];
    assert.ok(!sameHierarchy(first, fewer), 'a missing caller differs');
    const moved: HierarchyRoot[] = [{ item: root, children: [{ ...first[0]!.children[0]!, fromRanges: [range(9, 9)] }, first[0]!.children[1]!] }];
    assert.ok(!sameHierarchy(first, moved), 'other call sites differ');
  });

  it('lets settle see a reordering answer as stable, keeping the first order it saw', async () => {
    const budget = createBudget(5000);
    let call = 0;
    const ask = () => Promise.resolve(call++ % 2 === 0 ? ['p', 'q', 'r'] : ['r', 'p', 'q']);
    const settled = await settle(ask, () => false, sameAsSets, budget, FAST_TUNING);
    budget.dispose();
    assert.equal(settled.stable, true);
    assert.deepEqual(settled.value, ['p', 'q', 'r']);
    assert.ok(settled.waitedMs < 1000, `settled in ${settled.waitedMs}ms`);
  });

  it("answers a cold findReferences whose provider reorders on every call as complete, in the provider's order", async () => {
    let main = '';
    const fx = engineWith(
      (_op, _uri, _pos, call) => {
        const all = [location(main, 0, 1), location('file:///w/other.ts', 2, 3), location('file:///w/third.ts', 4, 5)];
        return call % 2 === 1 ? all : [all[2], all[0], all[1]];
      },
      { timeoutMs: 3000 },
    );
    main = fx.workspace.add('src/main.ts', 'export const x = 1;');
    fx.workspace.add('other.ts', '\n\nexport const y = x;');
    fx.workspace.add('third.ts', '\n\n\n\nexport const z = x;');
    const started = Date.now();
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 14 });
    assert.equal(outcome.result.completeness, 'complete');
    assert.ok(Date.now() - started < 1500, 'settled long before the budget');
    assert.deepEqual(outcome.result.kind === 'locations' && outcome.result.locations.map((l) => l.uri), [main, 'file:///w/other.ts', 'file:///w/third.ts']);
  });

  it('settles a cold call hierarchy whose provider reorders the callers on every call, at depth 2', async () => {
    const workspace = new FakeWorkspace();
    workspace.add('a.go', 'func root() {}\nfunc a() { x() }\nfunc b() { x() }\nfunc x() { root() }', 'go');
    const features = new FakeFeatures(() => []);
    features.providerLanguages.add('go');
    const deps = { workspace, features, log: new RecordingLog(), settings: () => ({ ...DEFAULT_SETTINGS, timeoutMs: 3000 }), tuning: FAST_TUNING };
    const engine = new HierarchyEngine(deps);
    const node = (name: string, line: number) => ({ ...item(name, line), kind: 12 });
    const callers: Record<string, string[]> = { root: ['x'], x: ['a', 'b'], a: [], b: [] };
    const lines: Record<string, number> = { root: 0, a: 1, b: 2, x: 3 };
    let calls = 0;
    features.more.prepareHierarchy = () => [node('root', 0)];
    features.more.hierarchyRelated = (_direction, raw) => {
      const from = callers[(raw as { name: string }).name]!.map((name) => ({ from: node(name, lines[name]!), fromRanges: [range(lines[name]!, 11)] }));
      return ++calls % 2 === 0 ? from.reverse() : from;
    };
    const started = Date.now();
    const outcome = await engine.execute({ direction: 'incomingCalls', file_path: 'a.go', line: 1, character: 6, depth: 2 });
    assert.equal(outcome.result.completeness, 'complete', outcome.text);
    assert.ok(Date.now() - started < 1500, 'settled long before the budget');
    assert.deepEqual(
      outcome.result.roots[0]!.children.map((c) => c.item.name),
      ['x'],
    );
    assert.deepEqual(new Set(outcome.result.roots[0]!.children[0]!.children.map((c) => c.item.name)), new Set(['a', 'b']));
  });
});
