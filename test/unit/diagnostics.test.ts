// lsp_diagnostics in plain Node: the text (totals, order, caps), the input, and freshness over a fake
// DiagnosticsPort whose publishes the test schedules, so no answer waits on a clock.
import * as assert from 'node:assert/strict';
import { createBudget } from '../../src/engine/budget';
import { LspToolError } from '../../src/engine/errors';
import { freshDiagnostics } from '../../src/engine/freshDiagnostics';
import type { RawDiagnostic } from '../../src/engine/ports';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { DiagnosticsEngine } from '../../src/tools/lsp_diagnostics/engine';
import { parseDiagnosticsArgs } from '../../src/tools/lsp_diagnostics/input';
import { formatDiagnostics, type ShownDiagnostic } from '../../src/text/renderDiagnostics';
import { FakeDiagnostics } from './fakes/diagnosticsFakes';
import { FakeFeatures, FakeWorkspace, RecordingLog, ROOT } from './fakes/engineFakes';

function raw(line: number, message: string, severity = 0, source = 'ts', code = '2322'): RawDiagnostic {
  return { range: { start: { line, character: 4 }, end: { line, character: 9 } }, severity, message, source, code };
}

function setup() {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  features.providerLanguages = new Set(['typescript', 'python']);
  const port = new FakeDiagnostics();
  const log = new RecordingLog();
  const engine = new DiagnosticsEngine({ workspace, features, log, settings: () => DEFAULT_SETTINGS, diagnostics: port });
  const add = (path: string, languageId: string): string => {
    const uri = workspace.add(path, 'x = 1\n', languageId);
    port.files.add(uri);
    return uri;
  };
  return { workspace, features, port, engine, add };
}

const budget = () => createBudget(10_000);

describe('lsp_diagnostics', () => {
  describe('freshness', () => {
    it('a file changed after its last publish waits for the next one: never the pre-edit errors', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      workspace.open.add(uri);
      port.publish(uri, [raw(0, 'before the edit')]);
      port.change(uri);
      port.scheduled.set(uri, [{ diagnostics: [raw(2, 'after the edit')] }]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['after the edit'],
      );
    });

    it('a publish after the last change is taken at once; a later pass that comes while waiting for quiet replaces it', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      workspace.open.add(uri);
      port.change(uri);
      port.publish(uri, [raw(0, 'first pass')]);
      port.scheduled.set(uri, [{ diagnostics: [raw(0, 'first pass'), raw(1, 'analysis pass', 1)] }]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['first pass', 'analysis pass'],
      );
    });

    it('a server that never publishes after the change: stale, with what it last said (never passed off as fresh)', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      workspace.open.add(uri);
      port.publish(uri, [raw(0, 'old')]);
      port.change(uri);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'stale');
    });

    it('a pull server reports only once the file is in a tab: shown in the background, then closed', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      port.scheduled.set(uri, [{ diagnostics: [raw(0, 'pulled')], tab: true }]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['pulled'],
      );
      assert.deepEqual(port.closed, [uri]);
      assert.ok(port.needsTab('python'));
    });

    it('a pull server holds nothing for an open document in no tab: shown in the background, not taken as clean', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      port.tabless.add('python');
      // Opened before the watch (as the rename opens its files), never published, unchanged.
      await workspace.openDocument(uri);
      port.scheduled.set(uri, [{ diagnostics: [raw(0, 'held before')], tab: true }]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['held before'],
      );
      assert.deepEqual(port.closed, [uri]);
    });

    it("a pull server's slow first answer is waited on: the empty list of a cancelled pull, then the errors", async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      port.pullLanguages.add('python');
      await workspace.openDocument(uri);
      port.change(uri);
      // pyright on click, cold: the cancelled pull's empty list after 3.7 s, the next pull's errors 1.3 s later.
      port.scheduled.set(uri, [
        { diagnostics: [], tab: true, afterMs: 3700 },
        { diagnostics: [raw(0, 'not defined')], tab: true, afterMs: 1300 },
      ]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['not defined'],
      );
    });

    it("a pull server's quick answer keeps the short quiet window", async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      port.pullLanguages.add('python');
      await workspace.openDocument(uri);
      port.change(uri);
      port.scheduled.set(uri, [
        { diagnostics: [raw(0, 'not defined')], tab: true, afterMs: 140 },
        { diagnostics: [], tab: true, afterMs: 400 },
      ]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['not defined'],
      );
    });

    it('a publish right after the change waits for the next: a pass on the text before it, finished late', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      await workspace.openDocument(uri);
      port.change(uri);
      // gopls: its old pass 30 ms after the reload, its pass of the new text 200 ms later.
      port.scheduled.set(uri, [
        { diagnostics: [], afterMs: 30 },
        { diagnostics: [raw(0, 'undefined: probe')], afterMs: 200 },
      ]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['undefined: probe'],
      );
    });

    it('a quick publish with none after it is still the answer', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      await workspace.openDocument(uri);
      port.change(uri);
      port.scheduled.set(uri, [{ diagnostics: [raw(0, 'quick')], afterMs: 30 }]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['quick'],
      );
    });

    it('a quick publish long before the call is not waited on again: the call waits only the quiet', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.py', 'python');
      await workspace.openDocument(uri);
      port.change(uri);
      port.publish(uri, [raw(0, 'quick')]);
      port.clock += 5000;
      port.scheduled.set(uri, [{ diagnostics: [raw(0, 'much later')], afterMs: 500 }]);
      const before = port.clock;
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.ok(port.clock - before < 500, `waited ${port.clock - before} ms`);
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['quick'],
      );
    });

    it("tsserver's own answer replaces VS Code's diagnostics of its source; other sources stay", async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.ts', 'typescript');
      port.publish(uri, [raw(0, 'stale ts error'), raw(1, 'lint warning', 1, 'eslint', 'no-unused-vars')]);
      port.direct.set(uri, { diagnostics: [raw(3, 'fresh ts error')], source: 'ts' });
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['fresh ts error', 'lint warning'],
      );
    });

    it('a closed, unchanged file of a server that answers for closed files is asked without being opened', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('dep.ts', 'typescript');
      port.direct.set(uri, { diagnostics: [raw(3, 'closed ts error')], source: 'ts' });
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget(), { after: port.now() });
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['closed ts error'],
      );
      assert.equal(workspace.open.has(uri), false, 'the file was opened');
    });

    it("a pull client's dependent already in a tab, silent after the change: given to the server again, its new answer taken", async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('dep.py', 'python');
      port.tabless.add('python');
      port.pullLanguages.add('python');
      await workspace.openDocument(uri);
      port.tabs.add(uri);
      port.publish(uri, [raw(0, 'error of the edit')]);
      const after = port.now();
      // The edit undone on disk: the client pulls the tab again only when its server asks, and it does not.
      port.onReopen.set(uri, []);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget(), { after });
      assert.deepEqual(port.reopened, [uri]);
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(file.diagnostics, []);
      assert.ok(port.tabs.has(uri), "the person's tab stays");
    });

    it("a changed C file whose header was saved after its change: given to clangd again, its old disk's build, published after the save, not taken", async () => {
      const { workspace, features, port, add } = setup();
      features.providerLanguages.add('c');
      const uri = add('misc.c', 'c');
      await workspace.openDocument(uri);
      port.change(uri);
      const saved = port.now();
      // Built against the header as the disk had it before the save, finished after it.
      port.publish(uri, [raw(192, "implicit declaration of function 'renamed'")]);
      port.onReopen.set(uri, []);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget(), { includesSaved: saved });
      assert.deepEqual(port.reopened, [uri]);
      assert.equal(file.freshness, 'fresh');
      assert.deepEqual(file.diagnostics, []);
      // Given again after the save: the next check takes its answer as it is.
      const again = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget(), { includesSaved: saved });
      assert.deepEqual(port.reopened, [uri], 'given again once');
      assert.equal(again.freshness, 'fresh');
      assert.deepEqual(again.diagnostics, []);
    });

    it('a data file its server reported on since its last change keeps that answer, unopened; a changed one is checked again', async () => {
      const { workspace, features, port, add } = setup();
      features.providerLanguages.add('json');
      const held = add('package.json', 'json');
      port.publish(held, [raw(0, 'schema warning', 1)]);
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, held, budget());
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['schema warning'],
      );
      assert.equal(workspace.open.has(held), false, 'the file was opened');
      port.clock += 10;
      port.change(held);
      port.scheduled.set(held, [{ diagnostics: [raw(1, 'new json error')] }]);
      const changed = await freshDiagnostics({ workspace, features, diagnostics: port }, held, budget());
      assert.deepEqual(
        changed.diagnostics.map((d) => d.message),
        ['new json error'],
      );
    });

    it('a changed file is opened before it is asked, so that its server holds the text the caller sees', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('edited.ts', 'typescript');
      port.change(uri);
      port.direct.set(uri, { diagnostics: [raw(1, 'new ts error')], source: 'ts' });
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.deepEqual(
        file.diagnostics.map((d) => d.message),
        ['new ts error'],
      );
      assert.equal(workspace.open.has(uri), true, 'the changed file was not opened');
      assert.deepEqual(port.checkedDirectly, [uri]);
    });

    it('a language no extension serves is unchecked, not clean', async () => {
      const { workspace, features, port, add } = setup();
      const uri = add('a.zz', 'zzlang');
      const file = await freshDiagnostics({ workspace, features, diagnostics: port }, uri, budget());
      assert.equal(file.freshness, 'unchecked');
    });
  });

  describe('the tool', () => {
    it('a file no server checks is named in a Note, and the answer says how many files were checked', async () => {
      const { engine, add } = setup();
      add('notes.zz', 'zzlang');
      const outcome = await engine.execute({ file_paths: ['notes.zz'] });
      assert.equal(
        outcome.text,
        'No errors or warnings in 1 checked file.\nNote: not checked: no installed extension serves language id "zzlang", so nothing reports diagnostics for notes.zz.',
      );
    });

    it('a stale file makes the answer partial, with a Note naming it', async () => {
      const { engine, workspace, port, add } = setup();
      const uri = add('a.py', 'python');
      workspace.open.add(uri);
      port.publish(uri, [raw(0, 'old')]);
      port.change(uri);
      const outcome = await engine.execute({ file_paths: ['a.py'] });
      assert.equal(outcome.completeness, 'partial');
      assert.match(outcome.text, /Note: may be out of date: the language server published nothing for a\.py after its last change/);
    });

    it('a folder: its files are checked; a deleted file is not listed; the severity filter applies', async () => {
      const { engine, workspace, port, add } = setup();
      const resolve = workspace.resolveFile.bind(workspace);
      // As the platform resolves it: a directory is no file.
      workspace.resolveFile = async (filePath: string) => {
        if (filePath === 'pkg') throw new LspToolError('LSP_NOT_A_FILE', 'file_path "pkg" is a directory, not a file.');
        return resolve(filePath);
      };
      const inside = add('pkg/b.py', 'python');
      port.scheduled.set(inside, [{ diagnostics: [raw(0, 'an error'), raw(1, 'a warning', 1), raw(2, 'a hint', 3)] }]);
      const deleted = `${ROOT}/pkg/gone.py`;
      port.held.set(deleted, [raw(0, 'of a deleted file')]);
      port.change(deleted);
      const errors = await engine.execute({ file_paths: ['pkg'], severity: 'error' });
      assert.equal(errors.text, '1 error in 1 file.\npkg/b.py:1:5: error an error (ts 2322)');
      assert.deepEqual(errors.heading, { kind: 'problems', paths: ['pkg'], severity: 'error' });
      const all = await engine.execute({ file_paths: ['pkg'], severity: 'all' });
      assert.deepEqual(
        all.result.diagnostics.map((d) => d.severity),
        ['error', 'warning', 'hint'],
      );
    });

    it('follow-along is given the first problem of the files named, and no place for the whole workspace', async () => {
      const { engine, port, add } = setup();
      const uri = add('pkg/b.py', 'python');
      port.scheduled.set(uri, [{ diagnostics: [raw(2, 'an error')] }]);
      const named = await engine.execute({ file_paths: ['pkg/b.py'] });
      assert.deepEqual(named.anchor, { uri, position: { line: 2, character: 4 } });
      const workspace = await engine.execute({});
      assert.match(workspace.text, /^1 error in 1 file\./);
      assert.equal(workspace.anchor, undefined, 'no tab the person did not ask for');
      assert.deepEqual(workspace.heading, { kind: 'problems', paths: [], severity: 'warning' });
    });

    it('a header and its C source changed together, the header saved after: the source is given to clangd again, the header is not', async () => {
      const { engine, workspace, features, port, add } = setup();
      features.providerLanguages.add('c');
      features.providerLanguages.add('cpp');
      const header = workspace.add('lib.h', 'int renamed(void);\n', 'cpp');
      port.files.add(header);
      const source = add('main.c', 'c');
      await workspace.openDocument(header);
      await workspace.openDocument(source);
      port.change(header);
      port.change(source);
      port.save(header);
      port.publish(header, []);
      port.publish(source, [raw(0, "implicit declaration of function 'renamed'")]);
      port.onReopen.set(source, []);
      const outcome = await engine.execute({ file_paths: ['lib.h', 'main.c'] });
      assert.deepEqual(port.reopened, [source]);
      assert.equal(outcome.text.split('\n')[0], 'No errors or warnings in 2 checked files.');
    });

    it('bad input gets a coded error that says what to pass', () => {
      assert.throws(() => parseDiagnosticsArgs({ severity: 'fatal' }), {
        message: /^LSP_INVALID_ARGUMENT: invalid arguments: "severity" must be one of "error", "warning", "all"\. Call lsp_diagnostics with/,
      });
      assert.throws(() => parseDiagnosticsArgs({ file_paths: [1] }), { message: /^LSP_INVALID_ARGUMENT: .*"file_paths" must be an array of strings/ });
      assert.throws(() => parseDiagnosticsArgs([]), { message: /^LSP_INVALID_ARGUMENT: invalid arguments: expected an object/ });
      assert.deepEqual(parseDiagnosticsArgs({ file_paths: 'a.ts' }), { paths: ['a.ts'], severity: 'warning' });
      assert.deepEqual(parseDiagnosticsArgs(undefined), { paths: [], severity: 'warning' });
    });
  });

  describe('the text', () => {
    const d = (uri: string, line: number, severity: ShownDiagnostic['severity'], message: string): ShownDiagnostic => ({
      uri: `${ROOT}/${uri}`,
      range: { start: { line, character: 0 } },
      severity,
      message,
      source: 'ts',
    });
    const options = { resolvedWorkspaceUri: ROOT, roots: [{ name: 'w', uri: ROOT }], maxDiagnostics: 100, maxResultChars: 16000, empty: 'No errors.' };

    it('totals first, files with errors first, errors first in a file, one line per message', () => {
      const text = formatDiagnostics([d('b.ts', 5, 'warning', 'w1'), d('a.ts', 9, 'warning', 'w2'), d('b.ts', 7, 'error', 'e1\n  because\tof this')], options);
      assert.equal(text, '1 error and 2 warnings in 2 files.\nb.ts:8:1: error e1 because of this (ts)\nb.ts:6:1: warning w1 (ts)\na.ts:10:1: warning w2 (ts)');
    });

    it('the count cap keeps the exact total and says how many were left out', () => {
      const many = Array.from({ length: 5 }, (_, i) => d('a.ts', i, 'error', `e${i}`));
      const text = formatDiagnostics(many, { ...options, maxDiagnostics: 2 });
      assert.equal(text, '5 errors in 1 file.\na.ts:1:1: error e0 (ts)\na.ts:2:1: error e1 (ts)\n… 3 more diagnostics omitted (limit 2).');
    });

    it('the character limit drops whole lines, keeps the totals and the notes, and never exceeds the limit', () => {
      const many = Array.from({ length: 50 }, (_, i) => d('a.ts', i, 'error', `error number ${i}`));
      const text = formatDiagnostics(many, { ...options, notes: ['kept'] }, 200);
      assert.ok(text.length <= 200, `${text.length}`);
      assert.match(text, /^50 errors in 1 file\.\n/);
      assert.match(text, /\n… \d+ more diagnostics omitted \(limit 200 characters\)\.\nNote: kept$/);
      assert.ok(text.split('\n').every((line) => !line.startsWith('a.ts') || /\(ts\)$/.test(line)));
    });
  });
});
