// Runs first (file order): these queries hit a language server that has just started.
import * as assert from 'node:assert/strict';
import { activateExtension, faultCalls, invoke, measure, query } from './helpers';

suite('readiness on a cold workspace', () => {
  suiteSetup(activateExtension);

  test('the first findReferences after opening equals the warm answer', async () => {
    const input = { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 };
    let started = Date.now();
    const cold = await invoke(input);
    const coldMs = Date.now() - started;
    started = Date.now();
    const warm = await invoke(input);
    measure(`fixture findReferences right after opening: cold ${coldMs}ms, warm ${Date.now() - started}ms`);
    assert.equal(cold, warm);
    const lines = warm.split('\n').filter((l) => !l.startsWith('Note:'));
    assert.equal(lines.length, 7, warm);
    assert.doesNotMatch(warm, /Note: .*partial/);
  });

  test('the first query on a language warms up once; a warm query makes one provider call', async () => {
    const input = { operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 1, character: 1 };
    const before = (await faultCalls()).calls;
    const cold = await query(input);
    const afterCold = (await faultCalls()).calls;
    assert.ok(afterCold - before >= 3, `warm-up re-queried (${afterCold - before} calls)`);
    assert.equal(cold.completeness, 'complete');
    const warm = await query(input);
    const afterWarm = (await faultCalls()).calls;
    assert.equal(afterWarm - afterCold, 1, 'a warm query calls the provider once');
    assert.deepEqual(warm, cold);
  });
});
