// The reach of a change in plain Node: which files a change to a file can break, and lsp_diagnostics
// checking them (engine/changeReach.ts, tools/lsp_diagnostics/engine.ts) over fakes.
import * as assert from 'node:assert/strict';
import { createBudget } from '../../src/engine/budget';
import { changeReach, DeclaredNames, generated, savedIncludes, stemNames } from '../../src/engine/changeReach';
import { familyOf } from '../../src/engine/languages';
import type { RawDiagnostic } from '../../src/engine/ports';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { DiagnosticsEngine } from '../../src/tools/lsp_diagnostics/engine';
import { FakeDiagnostics } from './fakes/diagnosticsFakes';
import { FakeFeatures, FakeWorkspace, RecordingLog, ROOT } from './fakes/engineFakes';

const symbol = (name: string, children: object[] = []): object => ({
  name,
  kind: 11,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
  selectionRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
  children,
});

function error(line: number, message: string): RawDiagnostic {
  return { range: { start: { line, character: 0 }, end: { line, character: 3 } }, severity: 0, message, source: 'ts' };
}

function setup() {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  features.providerLanguages = new Set(['typescript', 'python']);
  const port = new FakeDiagnostics();
  const engine = new DiagnosticsEngine({ workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, diagnostics: port });
  const add = (path: string, text: string, languageId = 'typescript'): string => {
    const uri = workspace.add(path, text, languageId);
    port.files.add(uri);
    return uri;
  };
  return { workspace, features, port, engine, add };
}

describe('the reach of a change', () => {
  it("a changed C file's includesSaved: the newest save of another changed file of its family after its own change", () => {
    const port = new FakeDiagnostics();
    const [header, source, other, script] = ['lib.h', 'main.c', 'util.c', 'app.ts'].map((path) => `${ROOT}/${path}`) as [string, string, string, string];
    const changed = new Map([
      [source, 10],
      [header, 11],
      [other, 12],
      [script, 13],
    ]);
    port.saves.set(header, 20);
    port.saves.set(other, 30);
    port.saves.set(source, 40);
    port.saves.set(script, 50);
    const saved = savedIncludes(changed, port);
    // Its own save, the newest, is passed over: the next one counts.
    assert.equal(saved(source), 30);
    assert.equal(saved(header), 40);
    assert.equal(saved(other), 40);
    // No such server for TypeScript, and a file that did not change has nothing to wait for.
    assert.equal(saved(script), undefined);
    assert.equal(saved(`${ROOT}/unchanged.c`), undefined);
    // A save before its own change is of an older text.
    port.saves.clear();
    port.saves.set(header, 5);
    assert.equal(savedIncludes(changed, port)(source), undefined);
  });

  it('families: a header with its C sources, .ts with .js, and any other extension alone', () => {
    assert.equal(familyOf('file:///p/yaml.h'), familyOf('file:///p/api.c'));
    assert.equal(familyOf('file:///p/a.ts'), familyOf('file:///p/b.mjs'));
    assert.notEqual(familyOf('file:///p/a.ts'), familyOf('file:///p/a.py'));
    assert.equal(familyOf('file:///p/Main.KT'), 'kt');
    assert.deepEqual(stemNames('file:///p/src/isFunction.ts'), ['isFunction']);
    assert.deepEqual(stemNames('file:///p/x.d.ts'), []);
  });

  it('finds the files that name a declaration of the changed file, or its own name, in its family only', async () => {
    const { workspace, features, port, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction() {}\n');
    const caller = add('src/caller.ts', "import { isFunction } from './util';\nisFunction();\n");
    const importer = add('src/importer.ts', "import * as u from './util';\n");
    add('src/unrelated.ts', 'export const isFunctional = 1; // isFunctions\n');
    add('docs/notes.py', 'isFunction = 1\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction'), symbol('Box', [symbol('x'), symbol('open')])] : []);
    const reach = await changeReach({ workspace, features, diagnostics: port }, new DeclaredNames(), new Map([[changed, 5]]), [ROOT], createBudget(5000));
    assert.deepEqual([...reach.dependents.keys()], [caller, importer]);
    assert.deepEqual(reach.dependents.get(caller), { by: [changed], changedAt: 5 });
  });

  it('build output (a source map comment at its end) is not a dependent: its source is', async () => {
    assert.equal(generated(['exports.x = isFunction;', '//# sourceMappingURL=isFunction.js.map']), true);
    assert.equal(generated(['export declare function isFunction(): void;', '//# sourceMappingURL=isFunction.d.ts.map', '']), true);
    assert.equal(generated(['// see //# sourceMappingURL= in the docs', 'isFunction();']), false);
    const { workspace, features, port, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction() {}\n');
    const source = add('src/caller.ts', 'isFunction();\n');
    add('dist/caller.js', 'isFunction();\n//# sourceMappingURL=caller.js.map\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    const reach = await changeReach({ workspace, features, diagnostics: port }, new DeclaredNames(), new Map([[changed, 5]]), [ROOT], createBudget(5000));
    assert.deepEqual([...reach.dependents.keys()], [source]);
  });

  it('among named files: only those that name a change are dependents, and the project is not listed', async () => {
    const { workspace, features, port, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction() {}\n');
    const caller = add('src/caller.ts', "import { isFunction } from './util';\n");
    const other = add('src/other.ts', 'export const other = 1;\n');
    add('src/unnamed.ts', 'isFunction();\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    const reach = await changeReach({ workspace, features, diagnostics: port }, new DeclaredNames(), new Map([[changed, 5]]), [ROOT], createBudget(5000), [
      changed,
      caller,
      other,
    ]);
    assert.deepEqual([...reach.dependents.keys()], [caller]);
    assert.equal(port.listings, 0);
    // Named files that all changed themselves: nothing to look for.
    features.more.documentSymbols = () => assert.fail('no outline is needed');
    const none = await changeReach({ workspace, features, diagnostics: port }, new DeclaredNames(), new Map([[changed, 6]]), [ROOT], createBudget(5000), [
      changed,
    ]);
    assert.equal(none.dependents.size, 0);
  });

  it('a writing tool’s baseline (errorsIn) checks the named files against the changes, lists nothing, and takes the sweep it was given', async () => {
    const { features, port, engine, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction(a: number) {}\n');
    const caller = add('src/caller.ts', "import { isFunction } from './util';\nisFunction();\n");
    add('src/elsewhere.ts', 'isFunction();\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    port.change(changed);
    port.direct.set(changed, { diagnostics: [], source: 'ts' });
    port.direct.set(caller, { diagnostics: [error(1, 'Expected 1 arguments, but got 0.')], source: 'ts' });
    let swept = false;
    const sweep = new Promise<void>((resolve) =>
      setTimeout(() => {
        swept = true;
        resolve();
      }, 5),
    );
    const outcome = await engine.errorsIn([caller], createBudget(5000), undefined, 'disk', sweep);
    assert.equal(swept, true);
    assert.equal(port.sweeps, 0);
    assert.equal(port.listings, 0);
    assert.deepEqual(
      outcome.result.diagnostics.map((d) => [d.uri, d.message]),
      [[caller, 'Expected 1 arguments, but got 0.']],
    );
    // The changed file it depends on is checked first (its server must hold the new text), and nothing else.
    assert.deepEqual(port.checkedDirectly, [changed, caller]);
  });

  it('a deleted file still reaches what imports it by name', async () => {
    const { workspace, features, port, add } = setup();
    const importer = add('src/importer.ts', "import { gone } from './removed';\n");
    const reach = await changeReach(
      { workspace, features, diagnostics: port },
      new DeclaredNames(),
      new Map([[`${ROOT}/src/removed.ts`, 9]]),
      [ROOT],
      createBudget(5000),
    );
    assert.deepEqual([...reach.dependents.keys()], [importer]);
  });

  it('lsp_diagnostics with no file_paths checks a changed file’s dependents that nobody opened, and only them', async () => {
    const { features, port, engine, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction(a: number) {}\n');
    const caller = add('src/caller.ts', "import { isFunction } from './util';\nisFunction();\n");
    add('src/other.ts', 'export const other = 1;\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    port.change(changed);
    port.direct.set(changed, { diagnostics: [], source: 'ts' });
    port.direct.set(caller, { diagnostics: [error(1, 'Expected 1 arguments, but got 0.')], source: 'ts' });
    const outcome = await engine.execute({});
    assert.match(outcome.text, /^1 error in 1 file\.\nsrc\/caller\.ts:2:1: error Expected 1 arguments, but got 0\. \(ts\)/);
    assert.deepEqual(outcome.result.checked.map((f) => f.uri).sort(), [caller, changed].sort());
    assert.equal(outcome.result.completeness, 'complete');
  });

  it('a changed file asked alone: its own answer, then what its change caused in the files that use it', async () => {
    const { features, port, engine, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction(a: number) {}\n');
    const caller = add('src/caller.ts', "import { isFunction } from './util';\nisFunction();\n");
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    port.change(changed);
    port.direct.set(changed, { diagnostics: [], source: 'ts' });
    port.direct.set(caller, { diagnostics: [error(1, 'Expected 1 arguments, but got 0.')], source: 'ts' });
    const outcome = await engine.execute({ file_paths: ['src/util.ts'] });
    assert.equal(
      outcome.text,
      'No errors or warnings in 1 checked file.\n\nCaused elsewhere, in the 1 other file that uses src/util.ts, after the change: 1 error in 1 file.\nsrc/caller.ts:2:1: error Expected 1 arguments, but got 0. (ts)',
    );
    assert.deepEqual(outcome.result.diagnostics, []);
    assert.deepEqual(outcome.result.caused?.files, [caller]);
    // Fixed: the same question says the change broke nothing there.
    port.direct.set(caller, { diagnostics: [], source: 'ts' });
    port.change(changed);
    const fixed = await engine.execute({ file_paths: ['src/util.ts'] });
    assert.equal(fixed.text, 'No errors or warnings in 1 checked file.\n\nNo errors in the 1 other file that uses src/util.ts, after the change.');
  });

  it('an open dependent of a push server is not taken with what it held before the change: it waits for the publish after it', async () => {
    const { workspace, features, port, engine, add } = setup();
    const changed = add('pkg/cells.py', 'def cell_len(a, b): ...\n', 'python');
    const caller = add('pkg/user.py', 'from .cells import cell_len\ncell_len(1)\n', 'python');
    workspace.open.add(caller);
    workspace.open.add(changed);
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('cell_len')] : []);
    port.publish(caller, [error(1, 'from before the change')]);
    port.change(changed);
    port.scheduled.set(changed, [{ diagnostics: [] }]);
    port.scheduled.set(caller, [{ diagnostics: [error(1, 'Argument missing for parameter "b"')] }]);
    const outcome = await engine.execute({});
    assert.deepEqual(
      outcome.result.diagnostics.map((d) => d.message),
      ['Argument missing for parameter "b"'],
    );
  });

  it('a dependent that a project-wide push server said nothing more about, once it re-checked after the change, is as it last reported', async () => {
    for (const projectWide of [true, false]) {
      const { features, port, engine, add } = setup();
      const changed = add('pkg/mux.py', 'def new_router(a): ...\n', 'python');
      const user = add('pkg/user.py', 'from .mux import new_router\n', 'python');
      features.more.documentSymbols = (uri) => (uri === changed ? [symbol('new_router')] : []);
      port.projectWide = projectWide;
      port.publish(user, [{ ...error(0, 'unused import'), severity: 1 }]);
      port.change(changed);
      port.scheduled.set(changed, [{ diagnostics: [] }]);
      const outcome = await engine.execute({});
      assert.deepEqual(
        outcome.result.diagnostics.map((d) => d.message),
        ['unused import'],
      );
      // Without the evidence that the server reports on the whole project, its silence is not its word.
      assert.equal(outcome.text.includes('may be out of date'), !projectWide, outcome.text);
    }
  });

  it('two calls at once give one answer', async () => {
    const { features, port, engine, add } = setup();
    const changed = add('src/util.ts', 'export function isFunction(a: number) {}\n');
    add('src/caller.ts', 'isFunction();\n');
    features.more.documentSymbols = (uri) => (uri === changed ? [symbol('isFunction')] : []);
    port.change(changed);
    port.direct.set(changed, { diagnostics: [], source: 'ts' });
    port.direct.set(`${ROOT}/src/caller.ts`, { diagnostics: [error(0, 'Expected 1 arguments, but got 0.')], source: 'ts' });
    const [a, b] = await Promise.all([engine.execute({}), engine.execute({})]);
    assert.equal(a.text, b.text);
    assert.match(a.text, /^1 error in 1 file\./);
  });
});
