import * as assert from 'node:assert/strict';
import { groupByFile } from '../../src/text/groupByFile';
import { previewLabel } from '../../src/text/previewLabel';

const loc = (file: string, line: number) => ({ uri: `file:///w/${file}`, range: { start: { line, character: 1 }, end: { line, character: 4 } } });

describe('References view hand-off helpers', () => {
  it('groups by file in the order files first appear, keeping provider order inside a file', () => {
    const groups = groupByFile([loc('b.ts', 9), loc('a.ts', 1), loc('b.ts', 2), loc('a.ts', 0)]);
    assert.deepEqual(
      groups.map((g) => [g.key.slice(-4), g.items.map((l) => l.range.start.line)]),
      [
        ['b.ts', [9, 2]],
        ['a.ts', [1, 0]],
      ],
    );
  });
  it('labels a row with its trimmed line and highlights the span', () => {
    assert.deepEqual(previewLabel('    return totalArea(x);', 11, 20), { label: 'return totalArea(x);', highlight: [7, 16] });
  });
  it('clamps spans that run past the line or start inside the indentation', () => {
    assert.deepEqual(previewLabel('  ab', 0, 99), { label: '  ab', highlight: [0, 4] });
    assert.deepEqual(previewLabel('abc', 5, 9), { label: 'abc', highlight: [3, 3] });
  });
  it('cuts long lines', () => {
    const { label, highlight } = previewLabel('x'.repeat(1000), 10, 12, 50);
    assert.equal(label.length, 50);
    assert.deepEqual(highlight, [10, 12]);
  });
});
