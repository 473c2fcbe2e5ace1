// The card's history (webview, pure): back and forward, a new entry dropping the forward ones, the
// bound on entries, and what setState keeps when the rows are too many.
import * as assert from 'node:assert/strict';
import { CardHistory } from '../../src/card/webview/history';
import { HISTORY_LIMIT, PERSISTED_ROWS_LIMIT, type CardEntry } from '../../src/card/webview/protocol';

function entry(id: number, rows = 0): CardEntry {
  const group = { path: 'a.ts', uri: 'file:///w/a.ts', count: rows, rows: Array.from({ length: rows }, (_, i) => ({ line: i + 1, character: 1 })) };
  return {
    id,
    title: `t${id}`,
    operation: 'findReferences',
    source: 'tool',
    completeness: 'complete',
    notes: [],
    result: { kind: 'locations', total: rows, files: 1, groups: [group] },
  };
}

describe('the card history (webview, pure)', () => {
  it('starts empty without saved state, and from a saved history otherwise', () => {
    assert.equal(new CardHistory(undefined).current, undefined);
    assert.equal(new CardHistory({ nonsense: true }).isEmpty, true);
    assert.equal(new CardHistory({ entries: [entry(1), entry(2)], index: 0 }).current?.id, 1);
  });

  it('goes back and forward, and a new entry drops the forward ones', () => {
    const history = new CardHistory(undefined);
    for (const id of [1, 2, 3]) history.show(entry(id));
    assert.equal(history.canGoForward, false);
    assert.ok(history.back());
    assert.ok(history.back());
    assert.equal(history.back(), false, 'nothing before the first');
    assert.equal(history.current?.id, 1);
    history.show(entry(4));
    assert.equal(history.current?.id, 4);
    assert.ok(history.back());
    assert.equal(history.current?.id, 1);
    assert.equal(history.find(2), undefined, '2 and 3 were forward of 1');
  });

  it(`keeps the newest ${HISTORY_LIMIT} entries`, () => {
    const history = new CardHistory(undefined);
    for (let id = 1; id <= HISTORY_LIMIT + 5; id++) history.show(entry(id));
    assert.equal(history.find(5), undefined);
    assert.equal(history.find(6)?.id, 6);
    assert.equal(history.current?.id, HISTORY_LIMIT + 5);
  });

  it(`saves at most ${PERSISTED_ROWS_LIMIT} rows: the newest entries keep theirs, older ones a note`, () => {
    const history = new CardHistory(undefined);
    history.show(entry(1, 4000));
    history.show(entry(2, 7000));
    history.show(entry(3, 2000));
    const saved = history.persisted('rows not kept');
    const rows = saved.entries.map((e) => (e.result.kind === 'locations' ? e.result.groups.reduce((n, g) => n + g.rows.length, 0) : -1));
    assert.deepEqual(rows, [0, 7000, 2000]);
    assert.deepEqual(saved.entries[0]!.notes, ['rows not kept']);
    assert.equal(saved.entries[0]!.result.kind === 'locations' && saved.entries[0]!.result.total, 4000, 'the summary stays');
    assert.equal(saved.index, 2);
    const first = history.find(1)!.result;
    assert.equal(first.kind === 'locations' && first.groups[0]!.rows.length, 4000, 'the history on screen keeps them');
  });
});
