import * as assert from 'node:assert/strict';
import { SourceLineCache } from '../../src/workspace/sourceLineCache';

describe('SourceLineCache', () => {
  it('returns lines only under the stamp they were stored with, and drops a stale entry', () => {
    const cache = new SourceLineCache(100);
    cache.set('a', 's1', ['x', 'y'], 3);
    assert.deepEqual(cache.get('a', 's1'), ['x', 'y']);
    assert.equal(cache.get('a', 's2'), undefined);
    assert.equal(cache.get('a', 's1'), undefined, 'a miss on another stamp forgets the entry');
    assert.equal(cache.size, 0);
    assert.equal(cache.totalChars, 0);
  });

  it('evicts the least recently used entries once the character limit is passed', () => {
    const cache = new SourceLineCache(10);
    cache.set('a', 's', ['a'], 4);
    cache.set('b', 's', ['b'], 4);
    assert.ok(cache.get('a', 's'), 'a is now the most recently used');
    cache.set('c', 's', ['c'], 4);
    assert.equal(cache.get('b', 's'), undefined, 'b was the least recently used');
    assert.ok(cache.get('a', 's'));
    assert.ok(cache.get('c', 's'));
    assert.equal(cache.totalChars, 8);
  });

  it('replaces an entry stored again, and keeps nothing larger than the limit', () => {
    const cache = new SourceLineCache(10);
    cache.set('a', 's1', ['old'], 6);
    cache.set('a', 's2', ['new'], 5);
    assert.equal(cache.totalChars, 5);
    assert.deepEqual(cache.get('a', 's2'), ['new']);
    cache.set('big', 's', ['x'], 11);
    assert.equal(cache.get('big', 's'), undefined);
    assert.equal(cache.totalChars, 5);
  });
});
