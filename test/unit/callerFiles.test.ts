// The files of an answer as the caller sees them (issue 26, parts 2 and 3): nothing in a file no
// longer on disk or past its end, asked again while the editor catches up; a caller on the disk
// asks and is answered in the disk's lines where the editor has unsaved changes; everyone is told.
import * as assert from 'node:assert/strict';
import { diskToEditor } from '../../src/engine/callerFiles';
import { matchLines } from '../../src/engine/lineDiff';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { SymbolsEngine } from '../../src/tools/lsp_symbols/engine';
import { DiagnosticsEngine } from '../../src/tools/lsp_diagnostics/engine';
import { engineWith, FAST_TUNING, FakeFeatures, FakeWorkspace, location, RecordingLog } from './fakes/engineFakes';
import { FakeDiagnostics } from './fakes/diagnosticsFakes';

/** The longest common subsequence's length, the slow way. */
function lcs(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  return dp[0]![0]!;
}

describe('the line diff (engine/lineDiff.ts)', () => {
  it('matches equal lines in order, as many as there can be', () => {
    let seed = 7;
    const next = (n: number): number => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
    for (let t = 0; t < 500; t++) {
      const a = Array.from({ length: next(14) }, () => 'abc'[next(3)]!);
      const b = Array.from({ length: next(14) }, () => 'abc'[next(3)]!);
      const match = matchLines(a, b);
      let last = -1;
      let matched = 0;
      match.forEach((j, i) => {
        if (j < 0) return;
        assert.equal(a[i], b[j], `${a.join('')} -> ${b.join('')}`);
        assert.ok(j > last, 'in order');
        last = j;
        matched++;
      });
      assert.equal(matched, lcs(a, b), `${a.join('')} -> ${b.join('')}`);
    }
  });

  it('carries a line below an insertion down, and gives a changed line none', () => {
    const disk = ['a', 'b', 'c', 'd'];
    const editor = ['a', 'new', 'b', 'C!', 'd'];
    assert.deepEqual([...matchLines(disk, editor)], [0, 2, -1, 4]);
    assert.deepEqual(diskToEditor(disk, editor, { line: 1, character: 0 }), { position: { line: 2, character: 0 }, exact: true });
    assert.deepEqual(diskToEditor(disk, editor, { line: 2, character: 5 }), { position: { line: 3, character: 2 }, exact: false });
  });
});

const SOURCE = 'export function used(): number {\n  return 1;\n}\nused();\n';

describe('lsp: locations against the disk', () => {
  it('asks again while a location is in a file no longer on disk, and answers without it', async () => {
    let calls = 0;
    const fx = engineWith((_op, uri) => {
      calls++;
      const kept = [location(uri, 0, 16, 4), location(uri, 3, 0, 4)];
      return calls <= 3 ? [...kept, location('file:///w/src/gone.ts', 0, 0, 4)] : kept;
    });
    fx.workspace.add('src/a.ts', SOURCE);
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/a.ts', line: 1, character: 17 });
    assert.equal(outcome.result.kind === 'locations' && outcome.result.locations.length, 2);
    assert.doesNotMatch(outcome.text, /gone\.ts|Note:/, outcome.text);
  });

  it('leaves out what the server never stops giving in a deleted file or past the end, and says so', async () => {
    const fx = engineWith((_op, uri) => [location(uri, 0, 16, 4), location(uri, 40, 0, 4), location('file:///w/src/gone.ts', 0, 0, 4)], { timeoutMs: 5000 });
    fx.workspace.add('src/a.ts', SOURCE);
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/a.ts', line: 1, character: 17 });
    assert.equal(outcome.result.kind === 'locations' && outcome.result.locations.length, 1);
    assert.match(outcome.text, /^src\/a\.ts:1:17: export function used/);
    assert.match(outcome.text, /Note: left out 1 result in files no longer on disk \(src\/gone\.ts\): the language server had not caught up/);
    assert.match(outcome.text, /Note: left out 1 result past the end of the files as they are on disk \(src\/a\.ts\)/);
    assert.ok(fx.features.calls > 3, `asked again while it waited (${fx.features.calls} calls)`);
  });
});

describe("a file with unsaved changes: each caller's view", () => {
  /** The disk has SOURCE; the editor has two lines added on top and `used();` changed. */
  const EDITED = '// one\n// two\nexport function used(): number {\n  return 1;\n}\nused(); // edited\n';

  function fixture() {
    const fx = engineWith((op, uri) =>
      op === 'findReferences' ? [location(uri, 2, 16, 4), location(uri, 5, 0, 4), location('file:///w/src/b.ts', 0, 9, 4)] : [],
    );
    const a = fx.workspace.add('src/a.ts', SOURCE);
    fx.workspace.add('src/b.ts', 'import { used } from "./a";\n');
    fx.workspace.unsaved.set(a, EDITED);
    return fx;
  }

  it('a caller on the disk asks at the editor line of its disk line, and reads disk lines back', async () => {
    const fx = fixture();
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/a.ts', line: 1, character: 17 }, undefined, { view: 'disk' });
    assert.deepEqual(fx.features.asked.at(-1)?.position, { line: 2, character: 16 }, 'asked in the editor text');
    assert.match(outcome.text, /^src\/a\.ts:1:17: export function used\(\): number \{$/m);
    assert.match(outcome.text, /^src\/b\.ts:1:10: import/m);
    assert.doesNotMatch(outcome.text, /:3:17|edited/);
    assert.match(outcome.text, /Note: src\/a\.ts has unsaved changes in the editor: positions are those of the files as they are on disk\./);
    assert.match(outcome.text, /Note: left out 1 result on lines that are only in the editor's unsaved text \(src\/a\.ts\)\./);
    // The card and the twin keep the editor's positions, where the person navigates.
    assert.deepEqual(outcome.result.kind === 'locations' && outcome.result.locations.map((l) => l.range.start.line), [2, 5, 0]);
  });

  it("the chat's caller is answered in the editor's text, and told it is unsaved", async () => {
    const fx = fixture();
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/a.ts', line: 3, character: 17 });
    assert.deepEqual(fx.features.asked.at(-1)?.position, { line: 2, character: 16 });
    assert.match(outcome.text, /^src\/a\.ts:3:17: export function used/m);
    assert.match(outcome.text, /^src\/a\.ts:6:1: used\(\); \/\/ edited$/m);
    assert.match(outcome.text, /Note: src\/a\.ts has unsaved changes in the editor: positions are those of the editor's text, which is not saved to disk\./);
  });

  it('a disk line the editor changed is asked about where it now is, with a Note', async () => {
    const fx = fixture();
    const outcome = await fx.engine.execute({ operation: 'hover', file_path: 'src/a.ts', line: 4, character: 1 }, undefined, { view: 'disk' });
    assert.deepEqual(fx.features.asked.at(-1)?.position, { line: 5, character: 0 });
    assert.match(outcome.text, /Note: line 4 of "src\/a\.ts" on disk is changed in the editor's unsaved text: asked at line 6 of that text instead\./);
  });

  it("checks a disk caller's position against the disk's lines", async () => {
    const fx = fixture();
    await assert.rejects(
      fx.engine.execute({ operation: 'hover', file_path: 'src/a.ts', line: 6, character: 1 }, undefined, { view: 'disk' }),
      /LSP_POSITION_OUT_OF_RANGE: line 6 is past the end of "src\/a\.ts", which has 5 lines/,
    );
  });

  it("lsp_symbols gives a disk caller the outline at the disk's lines", async () => {
    const workspace = new FakeWorkspace();
    const features = new FakeFeatures(() => []);
    const a = workspace.add('src/a.ts', SOURCE);
    workspace.unsaved.set(a, EDITED);
    const range = (line: number) => ({ start: { line, character: 16 }, end: { line, character: 20 } });
    features.more.documentSymbols = () => [{ name: 'used', kind: 11, range: range(2), selectionRange: range(2), children: [], detail: '' }];
    const symbols = new SymbolsEngine({ workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, tuning: FAST_TUNING });
    const disk = await symbols.execute({ file_path: 'src/a.ts' }, undefined, { view: 'disk' });
    assert.match(disk.text, /^src\/a\.ts:1:17: function used$/m);
    const editor = await symbols.execute({ file_path: 'src/a.ts' });
    assert.match(editor.text, /^src\/a\.ts:3:17: function used$/m);
  });

  it("lsp_diagnostics gives a disk caller the unsaved file's diagnostics at the disk's lines", async () => {
    const workspace = new FakeWorkspace();
    const features = new FakeFeatures(() => []);
    const a = workspace.add('src/a.ts', SOURCE);
    workspace.unsaved.set(a, EDITED);
    workspace.open.add(a); // Unsaved changes are an open document's.
    const port = new FakeDiagnostics();
    port.files.add(a);
    port.dirty.add(a);
    port.direct.set(a, { source: 'ts', diagnostics: [] });
    port.held.set(a, [
      { range: { start: { line: 3, character: 2 }, end: { line: 3, character: 8 } }, severity: 0, message: 'kept' },
      { range: { start: { line: 5, character: 8 }, end: { line: 5, character: 9 } }, severity: 0, message: 'only unsaved' },
    ]);
    const engine = new DiagnosticsEngine({
      workspace,
      features,
      log: new RecordingLog(),
      settings: () => DEFAULT_SETTINGS,
      tuning: FAST_TUNING,
      diagnostics: port,
    });
    const disk = await engine.execute({ file_paths: ['src/a.ts'] }, undefined, { view: 'disk' });
    assert.match(disk.text, /^src\/a\.ts:2:3: error kept$/m);
    assert.doesNotMatch(disk.text, /only unsaved$/m);
    assert.match(disk.text, /Note: left out 1 result on lines that are only in the editor's unsaved text \(src\/a\.ts\)\./);
    const editor = await engine.execute({ file_paths: ['src/a.ts'] });
    assert.match(editor.text, /^src\/a\.ts:4:3: error kept$/m);
    assert.match(editor.text, /^src\/a\.ts:6:9: error only unsaved$/m);
  });
});
