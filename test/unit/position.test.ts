import * as assert from 'node:assert/strict';
import { alignToCodePoint, describeIdentifiers, identifierAt, identifiersOnLine, snapToSymbol } from '../../src/text/position';

describe('position helpers', () => {
  it('lists identifiers with UTF-16 columns after non-BMP characters', () => {
    const line = "export const label = '🚀🚀'; export const rocketArea = totalArea([]);";
    const ids = identifiersOnLine(line);
    const rocketArea = ids.find((id) => id.name === 'rocketArea')!;
    // Each rocket is two UTF-16 code units: the column counts units, not code points.
    assert.equal(rocketArea.start, line.indexOf('rocketArea'));
    assert.equal([...line.slice(0, rocketArea.start)].length, rocketArea.start - 2);
  });
  it('finds CJK identifiers', () => {
    assert.deepEqual(
      identifiersOnLine('const 面积 = 1;').map((id) => id.name),
      ['const', '面积'],
    );
  });
  it('describes identifiers with one-based columns', () => {
    assert.equal(describeIdentifiers('  foo(bar)'), 'foo (col 3), bar (col 7)');
    assert.equal(describeIdentifiers(' ;; '), '');
  });
  it('finds the identifier under the cursor, its end included', () => {
    assert.equal(identifierAt('foo bar', 3)?.name, 'foo');
    assert.equal(identifierAt('foo  bar', 4), undefined);
  });
  const lines = ['const a = 1;', 'function totalArea() {}', 'call(totalArea, x, totalArea);'];
  const lineText = (n: number) => lines[n];
  it('keeps a cursor already on the symbol', () => {
    assert.deepEqual(snapToSymbol(lineText, { line: 1, character: 12 }, 'totalArea'), { line: 1, character: 12 });
  });
  it('snaps to the nearest occurrence on the line', () => {
    assert.deepEqual(snapToSymbol(lineText, { line: 2, character: 16 }, 'totalArea'), { line: 2, character: 19 });
    assert.deepEqual(snapToSymbol(lineText, { line: 2, character: 0 }, 'totalArea'), { line: 2, character: 5 });
  });
  it('searches nearby lines when the line lacks it', () => {
    assert.deepEqual(snapToSymbol(lineText, { line: 0, character: 0 }, 'totalArea'), { line: 1, character: 9 });
  });
  it('returns undefined when the symbol is nowhere near', () => {
    assert.equal(snapToSymbol(lineText, { line: 0, character: 0 }, 'missing'), undefined);
  });
  it('matches whole identifiers only', () => {
    assert.equal(
      snapToSymbol(() => 'totalAreaX', { line: 0, character: 0 }, 'totalArea', 0),
      undefined,
    );
  });
  it('moves a column inside a surrogate pair to its start', () => {
    const text = 'a🚀b';
    assert.equal(alignToCodePoint(text, 2), 1);
    assert.equal(alignToCodePoint(text, 1), 1);
    assert.equal(alignToCodePoint(text, 3), 3);
  });
});
