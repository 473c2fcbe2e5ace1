// lsp_rename in plain Node, over fakes: the new name's check, where each change lands, and the
// engine's refusals (nothing applied), its one-at-a-time writes, its saving and its answer.
/* eslint-disable @typescript-eslint/require-await -- fakes of async ports */
import * as assert from 'node:assert/strict';
import { LspToolError } from '../../src/engine/errors';
import type { FileBefore, FileTextEdits, ProposedEdit, WorkspaceEdits } from '../../src/engine/ports';
import type { LspPosition } from '../../src/engine/result';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { RenameEngine } from '../../src/tools/lsp_rename/engine';
import { changedLocations } from '../../src/tools/lsp_rename/moved';
import { checkNewName } from '../../src/tools/lsp_rename/newName';
import { FakeDiagnostics } from './fakes/diagnosticsFakes';
import { FAST_TUNING, FakeFeatures, FakeWorkspace, RecordingLog } from './fakes/engineFakes';

class FakeEdits implements WorkspaceEdits {
  /** The provider's answer, or its refusal. */
  answer: FileTextEdits[] | Error = [];
  readonly dirty = new Set<string>();
  readonly applied: ProposedEdit[] = [];
  readonly saved: string[] = [];
  readonly restored: FileBefore[][] = [];
  /** While set, apply waits for it: a rename held half-way. */
  gate: Promise<void> | undefined;
  /** Runs as the edit is applied (a server's new view of the files). */
  onApply: (() => void) | undefined;
  readonly events: string[] = [];

  async rename(uri: string, position: LspPosition, newName: string): Promise<ProposedEdit | undefined> {
    this.events.push(`rename ${newName}`);
    if (this.answer instanceof Error) throw this.answer;
    return { files: this.answer, handle: newName };
  }
  unsaved(uris: readonly string[]): string[] {
    return uris.filter((uri) => this.dirty.has(uri));
  }
  /** Snapshots taken; from the one numbered `editedFrom` on, the files read as edited meanwhile. */
  snapshots = 0;
  editedFrom = Infinity;
  async snapshot(uris: readonly string[]): Promise<FileBefore[]> {
    const edited = ++this.snapshots >= this.editedFrom;
    return uris.map((uri) => ({ uri, text: `${edited ? 'typed in ' : 'before '}${uri}`, dirty: this.dirty.has(uri) }));
  }
  async apply(edit: ProposedEdit): Promise<boolean> {
    this.events.push(`apply ${String(edit.handle)}`);
    if (this.gate !== undefined) await this.gate;
    this.applied.push(edit);
    this.onApply?.();
    this.events.push(`applied ${String(edit.handle)}`);
    return true;
  }
  async save(uris: readonly string[]): Promise<string[]> {
    this.saved.push(...uris);
    return [];
  }
  async restore(before: readonly FileBefore[]): Promise<void> {
    this.restored.push([...before]);
  }
}

const SOURCE = 'export function isFunction(value: unknown) {\n  return typeof value === "function";\n}\n';
const CALLER = 'import { isFunction } from "./a";\nisFunction(1);\n';

function setup(tuning = FAST_TUNING) {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  features.providerLanguages = new Set(['typescript']);
  const a = workspace.add('src/a.ts', SOURCE);
  const b = workspace.add('src/b.ts', CALLER);
  const edits = new FakeEdits();
  const diagnostics = new FakeDiagnostics();
  diagnostics.files.add(a);
  diagnostics.files.add(b);
  const at = (line: number, character: number, length: number, newText: string) => ({
    range: { start: { line, character }, end: { line, character: character + length } },
    newText,
  });
  edits.answer = [
    { uri: a, edits: [at(0, 16, 10, 'isCallable')] },
    { uri: b, edits: [at(0, 9, 10, 'isCallable'), at(1, 0, 10, 'isCallable')] },
  ];
  const engine = new RenameEngine({ workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, tuning, diagnostics, edits });
  return { workspace, features, edits, diagnostics, engine, a, b };
}

const ARGS = { file_path: 'src/a.ts', line: 1, character: 17, new_name: 'isCallable' };

async function refused(run: Promise<unknown>, code: string): Promise<string> {
  try {
    await run;
  } catch (err) {
    assert.ok(err instanceof LspToolError, String(err));
    assert.equal(err.code, code, err.message);
    return err.message;
  }
  assert.fail(`expected ${code}`);
}

describe('lsp_rename', () => {
  describe('the new name', () => {
    it('takes an identifier of the language, and refuses what is not one, a reserved word or the same name', () => {
      checkNewName('isCallable', 'isFunction', 'typescript');
      checkNewName('$dollar_1', 'x', 'typescript');
      checkNewName('über', 'x', 'python');
      assert.throws(() => checkNewName('is-callable', 'isFunction', 'typescript'), /LSP_INVALID_ARGUMENT: new_name "is-callable" is not an identifier/);
      assert.throws(() => checkNewName('1st', 'x', 'c'), /not an identifier in c/);
      assert.throws(() => checkNewName('class', 'x', 'typescript'), /reserved word/);
      assert.throws(() => checkNewName('def', 'x', 'python'), /reserved word/);
      assert.throws(() => checkNewName('func', 'x', 'go'), /reserved word/);
      assert.throws(() => checkNewName('same', 'same', 'typescript'), /named "same" already/);
      // A language the code knows nothing of: its server judges.
      checkNewName('any-thing', 'x', 'zzlang');
    });
  });

  describe('where the changes land', () => {
    it('moves each change by the ones before it on its line, and later lines by added lines', () => {
      const uri = 'file:///w/a.ts';
      const located = changedLocations([
        {
          uri,
          edits: [
            { range: { start: { line: 2, character: 20 }, end: { line: 2, character: 23 } }, newText: 'longer' },
            { range: { start: { line: 2, character: 4 }, end: { line: 2, character: 7 } }, newText: 'abcdef' },
            { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 1 } }, newText: 'x\ny' },
            { range: { start: { line: 5, character: 2 }, end: { line: 5, character: 3 } }, newText: 'z' },
          ],
        },
      ]);
      assert.deepEqual(
        located.map((l) => [l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character]),
        [
          [2, 4, 2, 10],
          [2, 23, 2, 29],
          [3, 0, 4, 1],
          [6, 2, 6, 3],
        ],
      );
    });
  });

  describe('the engine', () => {
    it('applies the whole edit, saves the files that had no unsaved changes, and counts it', async () => {
      const { engine, edits, a, b } = setup();
      const outcome = await engine.execute(ARGS);
      assert.equal(edits.applied.length, 1);
      assert.deepEqual(edits.saved.sort(), [a, b].sort());
      assert.match(outcome.text, /^Renamed `isFunction` to `isCallable`: 3 edits in 2 files\.$/m);
      assert.match(outcome.text, /^src\/b\.ts:2:1/m);
      assert.deepEqual(outcome.heading, { kind: 'rename', subject: { name: 'isFunction', at: 'src/a.ts:1:17' }, newName: 'isCallable' });
      assert.deepEqual(
        outcome.before.map((f) => f.uri),
        [a, b],
      );
    });

    it("takes a server's edit that lists its files in a new order each time as settled, and answers in one order", async () => {
      // No window for a slow first answer: what this counts is the asks an order-blind comparison
      // needs, not how long a loaded machine took to give the first one.
      const { engine, edits, a, b } = setup({ ...FAST_TUNING, loadFactor: 0 });
      const files = edits.answer as FileTextEdits[];
      // gopls: the same edit, its files (and a file's changes) in another order at each ask.
      let asked = 0;
      edits.rename = async (): Promise<ProposedEdit> => {
        const turned = ++asked % 2 === 0;
        const list = turned ? [{ ...files[1]!, edits: [...files[1]!.edits].reverse() }, files[0]!] : files;
        return { files: list, handle: 'isCallable' };
      };
      const started = Date.now();
      const outcome = await engine.execute({ ...ARGS, file_path: 'src/b.ts', line: 2, character: 1 });
      assert.ok(asked <= 4, `settled after ${asked} asks`);
      assert.ok(Date.now() - started < DEFAULT_SETTINGS.timeoutMs / 2, 'not by the budget running out');
      // The file at the position first, each file's changes in text order.
      assert.deepEqual(
        outcome.result.locations.map((l) => `${l.uri.endsWith('b.ts') ? 'b' : 'a'}:${l.range.start.line}`),
        ['b:0', 'b:1', 'a:0'],
      );
      assert.deepEqual(outcome.result.files, [b, a]);
    });

    it('refuses a caller on the disk when a file it would change has unsaved changes, and changes nothing', async () => {
      const { engine, edits, b } = setup();
      edits.dirty.add(b);
      const message = await refused(engine.execute(ARGS, undefined, { view: 'disk' }), 'LSP_UNSAVED_CHANGES');
      assert.match(message, /src\/b\.ts has unsaved changes/);
      assert.equal(edits.applied.length, 0);
      assert.deepEqual(edits.saved, []);
    });

    it('in the editor, edits a file with unsaved changes without saving it, and says so', async () => {
      const { engine, edits, a, b } = setup();
      edits.dirty.add(b);
      const outcome = await engine.execute(ARGS);
      assert.equal(edits.applied.length, 1);
      assert.deepEqual(edits.saved, [a]);
      assert.match(outcome.text, /Left unsaved in the editor: src\/b\.ts/);
    });

    it("passes on the server's refusal with its reason, and changes nothing", async () => {
      const { engine, edits } = setup();
      edits.answer = new Error('You cannot rename this element.');
      const message = await refused(engine.execute({ ...ARGS, character: 1 }), 'LSP_RENAME_REFUSED');
      assert.match(message, /You cannot rename this element\./);
      assert.equal(edits.applied.length, 0);
    });

    it('refuses a name that is not an identifier before asking the server', async () => {
      const { engine, edits } = setup();
      await refused(engine.execute({ ...ARGS, new_name: 'is callable' }), 'LSP_INVALID_ARGUMENT');
      assert.deepEqual(edits.events, []);
    });

    it('refuses, changing nothing, when a file it changes was edited while the rename was prepared', async () => {
      const { engine, edits } = setup();
      edits.editedFrom = 2;
      await refused(engine.execute(ARGS), 'LSP_EDIT_FAILED');
      assert.equal(edits.applied.length, 0);
      assert.deepEqual(edits.saved, []);
    });

    it('refuses an edit that reaches outside the workspace', async () => {
      const { engine, edits } = setup();
      edits.answer = [
        {
          uri: 'file:///usr/lib/node_modules/x/index.d.ts',
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: 'y' }],
        },
      ];
      await refused(engine.execute(ARGS), 'LSP_RENAME_REFUSED');
      assert.equal(edits.applied.length, 0);
    });

    it('runs two renames one after the other, never interleaved', async () => {
      const { engine, edits } = setup();
      let open!: () => void;
      edits.gate = new Promise((resolve) => (open = resolve));
      const first = engine.execute(ARGS);
      const second = engine.execute({ ...ARGS, new_name: 'isCallable2' });
      for (let i = 0; i < 200 && !edits.events.includes('apply isCallable'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The first is held between its apply and its end: the second has not even asked for its edit.
      assert.equal(edits.events.includes('rename isCallable2'), false, edits.events.join(', '));
      edits.gate = undefined;
      open();
      await Promise.all([first, second]);
      const order = edits.events.filter((e) => !e.startsWith('rename ') || e === 'rename isCallable2');
      assert.deepEqual(order, ['apply isCallable', 'applied isCallable', 'rename isCallable2', 'apply isCallable2', 'applied isCallable2']);
    });

    it('lists the errors the rename caused, and not the ones there before', async () => {
      const { engine, diagnostics, edits, a, b } = setup();
      const error = (line: number, message: string) => ({
        range: { start: { line, character: 0 }, end: { line, character: 1 } },
        severity: 0,
        message,
        source: 'ts',
      });
      diagnostics.direct.set(a, { diagnostics: [], source: 'ts' });
      diagnostics.direct.set(b, { diagnostics: [error(1, "old error about 'isFunction'")], source: 'ts' });
      edits.onApply = () => {
        diagnostics.change(a);
        diagnostics.change(b);
        diagnostics.direct.set(b, { diagnostics: [error(1, "old error about 'isCallable'"), error(0, "Duplicate identifier 'isCallable'.")], source: 'ts' });
      };
      const outcome = await engine.execute(ARGS);
      assert.deepEqual(
        outcome.result.broke.map((d) => d.message),
        ["Duplicate identifier 'isCallable'."],
      );
      assert.match(outcome.text, /^The rename caused 1 new error:\nsrc\/b\.ts:1:1: error Duplicate identifier 'isCallable'\. \(ts\)$/m);
      // The disk is looked at for the files the rename changes, before it, and the workspace is never swept.
      assert.deepEqual(diagnostics.stamped, [[a, b]]);
      assert.equal(diagnostics.sweeps, 0);
    });

    it('Undo puts back every file as the snapshot had it', async () => {
      const { engine, edits, a, b } = setup();
      const outcome = await engine.execute(ARGS);
      await engine.undo(outcome);
      assert.deepEqual(
        edits.restored[0]!.map((f) => f.uri),
        [a, b],
      );
    });
  });
});
