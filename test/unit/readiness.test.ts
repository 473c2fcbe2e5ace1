import * as assert from 'node:assert/strict';
import { createBudget } from '../../src/engine/budget';
import { confinedToOpenFiles, settle, type ReadinessTuning } from '../../src/engine/readiness';

const FAST: ReadinessTuning = { stableMs: 60, loadFactor: 1.5, emptyStableMs: 150, firstDelayMs: 5, maxDelayMs: 20 };
const same = (a: number, b: number) => a === b;

describe('settle (readiness)', () => {
  it('waits until a growing answer stops changing', async () => {
    const answers = [3, 3, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6];
    let i = 0;
    const budget = createBudget(5000);
    const result = await settle(
      () => Promise.resolve(answers[Math.min(i++, answers.length - 1)]!),
      (n) => n === 0,
      same,
      budget,
      FAST,
    );
    budget.dispose();
    assert.equal(result.value, 6);
    assert.equal(result.stable, true);
    assert.ok(result.samples >= 5);
  });
  it('waits longer for a server that was slow to answer at all', async () => {
    let calls = 0;
    const started = Date.now();
    const budget = createBudget(5000);
    // The first answer takes 200 ms (a loading server); the answer changes at 400 ms.
    const ask = async () => {
      calls++;
      if (calls === 1) await new Promise((r) => setTimeout(r, 200));
      return (Date.now() - started < 400 ? 12 : 115) as number;
    };
    const result = await settle(ask, (n) => n === 0, same, budget, FAST);
    budget.dispose();
    assert.equal(result.value, 115, 'the window grew past the 60 ms minimum');
  });
  it('treats an empty answer with more patience', async () => {
    const started = Date.now();
    const budget = createBudget(5000);
    const result = await settle(
      () => Promise.resolve(Date.now() - started < 100 ? 0 : 4),
      (n) => n === 0,
      same,
      budget,
      FAST,
    );
    budget.dispose();
    assert.equal(result.value, 4);
  });
  it('reports unstable when the budget runs out first, without throwing', async () => {
    let n = 0;
    const budget = createBudget(300);
    const result = await settle(
      () => Promise.resolve(n++),
      () => false,
      same,
      budget,
      FAST,
    );
    budget.dispose();
    assert.equal(result.stable, false);
  });
  it('rejects with LSP_CANCELLED when cancelled', async () => {
    let cancel = (): void => undefined;
    const token = {
      isCancellationRequested: false,
      onCancellationRequested(listener: () => void) {
        cancel = listener;
        return { dispose() {} };
      },
    };
    const budget = createBudget(5000, token);
    setTimeout(() => cancel(), 50);
    await assert.rejects(
      settle(
        () => Promise.resolve(1),
        () => false,
        (a, b) => a !== b,
        budget,
        FAST,
      ),
      /^LspToolError: LSP_CANCELLED|LSP_CANCELLED/,
    );
    budget.dispose();
  });
});

describe('confinedToOpenFiles', () => {
  const open = new Set(['file:///w/a.ts', 'file:///w/b.ts']);
  it('is true for answers that only name open files, and for none at all', () => {
    assert.equal(confinedToOpenFiles(['file:///w/a.ts', 'file:///w/a.ts', 'file:///w/b.ts'], open), true);
    assert.equal(confinedToOpenFiles([], open), true);
  });
  it('is false as soon as one location is in a file the editor has not opened', () => {
    assert.equal(confinedToOpenFiles(['file:///w/a.ts', 'file:///w/c.ts'], open), false);
    assert.equal(confinedToOpenFiles(['file:///w/c.ts'], new Set()), false);
  });
});
