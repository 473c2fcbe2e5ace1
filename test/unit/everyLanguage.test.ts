// Issue 19 in plain Node over fake ports: readiness and honest text for every language, not only
// TypeScript (empty answers provisional even when warm, language-aware keyword notes, fallbacks
// that say what they left out, "no provider" that VS Code cannot tell from "no result", and
// requests a server does not support).
import * as assert from 'node:assert/strict';
import { HierarchyEngine } from '../../src/engine/hierarchy';
import { QueryEngine } from '../../src/engine/queryEngine';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../src/engine/settings';
import { SymbolsQuery } from '../../src/engine/symbolsQuery';
import { FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog } from './fakes/engineFakes';

function setup(settings: Partial<LspToolSettings> = {}) {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  for (const language of ['python', 'go', 'c', 'cpp']) features.providerLanguages.add(language);
  const log = new RecordingLog();
  const deps = { workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, timeoutMs: 3000, ...settings }), tuning: FAST_TUNING };
  const query = new QueryEngine(deps);
  const hierarchy = new HierarchyEngine(query, { ...deps, warm: query.warm });
  const symbols = new SymbolsQuery({ ...deps, warm: query.warm });
  return { workspace, features, log, query, hierarchy, symbols };
}

const range = (line: number, character: number, length = 3) => ({ start: { line, character }, end: { line, character: character + length } });

describe('every language: an empty answer is provisional even on a warm key', () => {
  it('asks again when a warm findReferences answers empty for a moment (ContentModified becomes [])', async () => {
    const fx = setup();
    const uri = fx.workspace.add('pkg/mod.py', 'def area(side):\n    return side * side\n\nprint(area(2))', 'python');
    let emptyFrom = Infinity;
    fx.features.answer = (_op, _uri, _pos, call) => (call >= emptyFrom && call < emptyFrom + 2 ? [] : [location(uri, 0, 4, 4), location(uri, 3, 6, 4)]);
    const cold = await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(cold.result.completeness, 'complete');
    emptyFrom = fx.features.calls + 1;
    const warm = await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(warm.result.completeness, 'complete');
    assert.equal(warm.text, cold.text, 'the warm answer is not the empty moment');
    const before = fx.features.calls;
    await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(fx.features.calls - before, 1, 'a warm non-empty answer is still one call');
  });

  it('asks again when a warm outline or call hierarchy answers empty for a moment', async () => {
    const fx = setup();
    const uri = fx.workspace.add('main.go', 'package main\n\nfunc main() { run() }\n\nfunc run() {}', 'go');
    let emptyCalls = 0;
    fx.features.more.documentSymbols = () => (emptyCalls-- > 0 ? [] : [{ name: 'main', kind: 11, range: range(2, 0, 20), selectionRange: range(2, 5, 4), children: [], detail: '' }]);
    const cold = await fx.symbols.execute({ file_path: 'main.go' });
    emptyCalls = 2;
    const warm = await fx.symbols.execute({ file_path: 'main.go' });
    assert.equal(warm.text, cold.text);

    const run = { name: 'run', kind: 11, uri: { scheme: 'file', toString: () => uri }, range: range(4, 0, 13), selectionRange: range(4, 5) };
    const main = { ...run, name: 'main', range: range(2, 0, 20), selectionRange: range(2, 5, 4) };
    fx.features.more.prepareHierarchy = () => (emptyCalls-- > 0 ? [] : [run]);
    fx.features.more.hierarchyRelated = () => [{ from: main, fromRanges: [range(2, 14)] }];
    const coldTree = await fx.hierarchy.execute({ direction: 'incomingCalls', file_path: 'main.go', line: 5, character: 6 });
    emptyCalls = 2;
    const warmTree = await fx.hierarchy.execute({ direction: 'incomingCalls', file_path: 'main.go', line: 5, character: 6 });
    assert.equal(warmTree.text, coldTree.text);
    assert.equal(warmTree.result.completeness, 'complete');
  });

  it('still answers a warm empty that stays empty, as complete, after the stable window only', async () => {
    const fx = setup();
    fx.workspace.add('pkg/mod.py', 'def area(side):\n    return side * side', 'python');
    await fx.query.execute({ operation: 'goToImplementation', file_path: 'pkg/mod.py', line: 1, character: 5 });
    const started = Date.now();
    const warm = await fx.query.execute({ operation: 'goToImplementation', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(warm.result.completeness, 'complete');
    assert.ok(Date.now() - started < FAST_TUNING.emptyStableMs * 10, 'not the cold window');
  });
});
