import * as assert from 'node:assert/strict';
import { createBudget, type Budget } from '../../src/engine/budget';
import { ANY_LANGUAGE, confinedToOpenFiles, growsWhileLoading, settle, type ReadinessTuning } from '../../src/engine/readiness';

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
  it('trusts the slow first answer of a server that does not grow while loading after the stable window, not 1.5 times its load', async () => {
    // gopls blocks until it has loaded the module, then answers completely (Go's cold references: complete after about 3 s).
    const run = async (growing: boolean) => {
      let calls = 0;
      const budget = createBudget(5000);
      const ask = async () => {
        if (++calls === 1) await new Promise((r) => setTimeout(r, 300));
        return 41;
      };
      const result = await settle(ask, (n) => n === 0, same, budget, FAST, { growing });
      budget.dispose();
      assert.equal(result.stable, true);
      return result.waitedMs;
    };
    const blocking = await run(false);
    const growing = await run(true);
    // A lower bound only (load can only lengthen a wait), and the two compared in one run.
    assert.ok(growing >= 300 + 300 * FAST.loadFactor, `tsserver's window grows with its load: ${growing}ms`);
    assert.ok(blocking < growing, `gopls' answer is trusted sooner: ${blocking}ms, against ${growing}ms`);
  });
  it("grows the window with the load for tsserver's languages and for questions of every language only", () => {
    for (const id of ['typescript', 'typescriptreact', 'javascript', 'javascriptreact', ANY_LANGUAGE]) assert.equal(growsWhileLoading(id), true, id);
    for (const id of ['go', 'python', 'c', 'cpp', 'rust', 'java']) assert.equal(growsWhileLoading(id), false, id);
  });
  it("asks the last sample as the window ends, not a back-off step after it, outside tsserver's languages (a fake clock)", async () => {
    // Back-off 100, 200, 400, 800 ms against a 1,200 ms window: unchecked, the samples fall at 0, 100, 300, 700 and 1,500 ms.
    let clock = 0;
    const sleeps: number[] = [];
    const budget: Budget = {
      deadline: 60_000,
      remaining: () => 60_000 - clock,
      race: (work) => Promise.resolve(work),
      sleep: (ms) => {
        sleeps.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      dispose: () => undefined,
    };
    const tuning: ReadinessTuning = { stableMs: 1200, loadFactor: 1.5, emptyStableMs: 3000, firstDelayMs: 100, maxDelayMs: 800 };
    const result = await settle(
      () => Promise.resolve(7),
      () => false,
      same,
      budget,
      tuning,
      { now: () => clock, growing: false },
    );
    assert.equal(result.stable, true);
    assert.deepEqual(sleeps, [100, 200, 400, 500]);
    assert.equal(result.waitedMs, 1200, 'the answer returns as its window ends');
    // tsserver's languages keep the full back-off steps (the later sample is their margin).
    clock = 0;
    sleeps.length = 0;
    const growing = await settle(
      () => Promise.resolve(7),
      () => false,
      same,
      budget,
      tuning,
      { now: () => clock, growing: true },
    );
    assert.deepEqual(sleeps, [100, 200, 400, 800]);
    assert.equal(growing.waitedMs, 1500);
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
