import * as assert from 'node:assert/strict';
import { normalizeHovers, normalizeLocations } from '../../src/engine/normalize';
import { toRange } from '../../src/engine/rawValues';

const range = (l: number, c: number) => ({ start: { line: l, character: c }, end: { line: l, character: c + 3 } });
const uri = (path: string) => ({ scheme: 'file', toString: () => `file://${path}` });

describe('toRange', () => {
  it('copies a range of non-negative integers', () => {
    assert.deepEqual(toRange(range(2, 5)), range(2, 5));
  });
  it('rejects anything else', () => {
    for (const bad of [
      undefined,
      null,
      3,
      { start: { line: 0, character: 0 } },
      { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } },
      { start: { line: 0, character: 0.5 }, end: { line: 0, character: 1 } },
      { start: { line: 0, character: 0 }, end: { line: '1', character: 1 } },
      { start: { line: 0 }, end: { line: 1, character: 1 } },
    ]) {
      assert.equal(toRange(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('normalizeLocations', () => {
  it('turns a LocationLink into targetSelectionRange, else targetRange', () => {
    const { locations } = normalizeLocations([
      { targetUri: uri('/a.ts'), targetRange: range(0, 0), targetSelectionRange: range(1, 2), originSelectionRange: range(9, 9) },
      { targetUri: uri('/b.ts'), targetRange: range(3, 4) },
    ]);
    assert.deepEqual(locations, [
      { uri: 'file:///a.ts', range: range(1, 2) },
      { uri: 'file:///b.ts', range: range(3, 4) },
    ]);
  });
  it('keeps order and drops exact duplicates only', () => {
    const { locations } = normalizeLocations([
      { uri: uri('/b.ts'), range: range(0, 0) },
      { uri: uri('/a.ts'), range: range(0, 0) },
      { uri: uri('/b.ts'), range: range(0, 0) },
      { uri: uri('/b.ts'), range: range(0, 1) },
    ]);
    assert.deepEqual(
      locations.map((l) => `${l.uri}@${l.range.start.character}`),
      ['file:///b.ts@0', 'file:///a.ts@0', 'file:///b.ts@1'],
    );
  });
  it('counts and drops malformed entries instead of throwing', () => {
    const result = normalizeLocations([
      null,
      7,
      { uri: uri('/a.ts') },
      { uri: uri('/a.ts'), range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } } },
      { uri: uri('/a.ts'), range: range(0, 0) },
    ]);
    assert.equal(result.malformed, 4);
    assert.equal(result.locations.length, 1);
  });
  it('treats undefined and null as empty, and a single object as a list', () => {
    assert.deepEqual(normalizeLocations(undefined).locations, []);
    assert.deepEqual(normalizeLocations(null).locations, []);
    assert.equal(normalizeLocations({ uri: uri('/a.ts'), range: range(0, 0) }).locations.length, 1);
  });
});

describe('normalizeHovers', () => {
  it('joins MarkdownString, string and {language, value} parts with a blank line', () => {
    const { hover } = normalizeHovers([
      { contents: [{ value: '```ts\nconst x: number\n```' }, 'plain'], range: range(0, 0) },
      { contents: [{ language: 'ts', value: 'type T = 1' }] },
    ]);
    assert.deepEqual(hover, { contents: '```ts\nconst x: number\n```\n\nplain\n\n```ts\ntype T = 1\n```', range: range(0, 0) });
  });
  it('turns an empty result into null', () => {
    assert.equal(normalizeHovers([]).hover, null);
    assert.equal(normalizeHovers([{ contents: [{ value: '' }] }]).hover, null);
    assert.equal(normalizeHovers(undefined).hover, null);
  });
  it('drops the same text from two providers', () => {
    assert.deepEqual(normalizeHovers([{ contents: ['a'] }, { contents: ['a'] }]).hover, { contents: 'a' });
  });
  it('omits the range key when no provider gave one', () => {
    assert.equal('range' in (normalizeHovers([{ contents: ['a'] }]).hover ?? {}), false);
  });
  it('counts the hovers and parts it drops as malformed, as the location normaliser does', () => {
    const { hover, malformed } = normalizeHovers([42, { contents: [{ nonsense: true }, 'kept', 7] }, null]);
    assert.deepEqual(hover, { contents: 'kept' });
    assert.equal(malformed, 4);
    assert.equal(normalizeHovers([{ contents: ['a', { value: '' }] }]).malformed, 0, 'an empty part is not malformed');
  });
});
