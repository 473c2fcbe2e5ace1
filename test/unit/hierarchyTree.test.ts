// The hierarchy tree's growth below the walked depth (the card's lazy expansion), in plain Node:
// marked as the walk marks, a new tree each time, the recorded outcome left as the tool returned it.
import * as assert from 'node:assert/strict';
import type { HierarchyNode } from '../../src/engine/hierarchyResult';
import { HierarchyExpansions, nodeAt, withChildren } from '../../src/engine/hierarchyTree';
import { FakeCallGraph } from './fakes/hierarchyFakes';

/** a -> b -> c -> a (a cycle), b -> d, c -> d (d repeated under c). */
const CALLS = { a: ['b'], b: ['c', 'd'], c: ['a', 'd'], d: [] };

function marks(nodes: readonly HierarchyNode[]): string[] {
  return nodes.map((n) => n.item.name + (n.cycle ? '!' : n.repeated ? '*' : ''));
}

describe('hierarchy tree expansion (engine, pure)', () => {
  it('grows a node one level, marking cycles and repeats as the walk does, without changing the outcome', async () => {
    const graph = new FakeCallGraph(CALLS);
    const outcome = graph.root('a');
    const before = JSON.stringify(outcome.result);
    const expansions = new HierarchyExpansions((_direction, handle) => graph.related(handle));

    const first = await expansions.expand(outcome, '0');
    assert.deepEqual(first && marks(first.children), ['b']);
    assert.equal(first?.parent.item.name, 'a');
    const second = await expansions.expand(outcome, '0/0');
    assert.deepEqual(second && marks(second.children), ['c', 'd']);
    const third = await expansions.expand(outcome, '0/0/0');
    assert.deepEqual(third && marks(third.children), ['a!', 'd*'], 'a is its own ancestor; d is shown under b already');

    assert.equal(JSON.stringify(outcome.result), before, 'the recorded outcome is not changed');
    assert.deepEqual([...outcome.handles.keys()], ['0']);
    const tree = expansions.tree(outcome);
    assert.deepEqual([...tree.handles.keys()].sort(), ['0', '0/0', '0/0/0', '0/0/0/0', '0/0/0/1', '0/0/1']);
    assert.equal(tree.handles.get('0/0/1'), 'd');
    assert.deepEqual(marks(nodeAt(tree, '0/0/0')!.node.children), ['a!', 'd*']);
    assert.deepEqual(graph.asked, ['a', 'b', 'c']);
  });

  it('answers undefined for a path the tree does not have, without a provider call', async () => {
    const graph = new FakeCallGraph(CALLS);
    const outcome = graph.root('a');
    const expansions = new HierarchyExpansions((_direction, handle) => graph.related(handle));
    for (const path of ['1', '0/0', '', 'x', '-1', '0/x']) assert.equal(await expansions.expand(outcome, path), undefined, path);
    assert.deepEqual(graph.asked, []);
  });

  it('keeps both of two expansions that finish in either order', async () => {
    const graph = new FakeCallGraph({ r: ['x', 'y'], x: ['p'], y: ['q'], p: [], q: [] });
    const outcome = graph.root('r');
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const expansions = new HierarchyExpansions(async (_direction, handle) => {
      if (handle === 'x') await gate;
      return graph.related(handle);
    });
    await expansions.expand(outcome, '0');
    const slow = expansions.expand(outcome, '0/0');
    await expansions.expand(outcome, '0/1');
    release();
    await slow;
    const tree = expansions.tree(outcome);
    assert.deepEqual(marks(nodeAt(tree, '0/0')!.node.children), ['p']);
    assert.deepEqual(marks(nodeAt(tree, '0/1')!.node.children), ['q']);
  });

  it('withChildren copies the path it grows and shares the rest', () => {
    const graph = new FakeCallGraph({ r: ['x', 'y'], x: [], y: [] });
    const x = { item: graph.item('x'), children: [] };
    const y = { item: graph.item('y'), children: [] };
    const tree = {
      roots: [{ item: graph.item('r'), children: [x, y] }],
      handles: new Map<string, unknown>([
        ['0', 'r'],
        ['0/0', 'x'],
        ['0/1', 'y'],
        ['0/0/0', 'stale'],
      ]),
    };
    const grown = withChildren(tree, '0/0', [{ item: graph.item('r'), handle: 'r' }]);
    assert.ok(grown);
    assert.deepEqual(marks(grown.children), ['r!']);
    assert.notEqual(grown.tree.roots[0], tree.roots[0]);
    assert.equal(grown.tree.roots[0]!.children[1], y, 'an untouched sibling is shared');
    assert.deepEqual(x.children, [], 'the input node keeps its children');
    assert.equal(grown.tree.handles.get('0/0/0'), 'r', 'handles below the grown node are replaced');
    assert.equal(tree.handles.get('0/0/0'), 'stale');
  });
});
