// A server's background index (clangd's) grows a workspace symbol search after the answer held
// still (issue 34: 16 of libyaml's 18 `yaml_parser_parse` results, no Note): what the disk shows of
// the index holds the answer back while it grows, and a Note says when it was still growing, or could
// not be seen, at the answer. In plain Node over fake ports.
import * as assert from 'node:assert/strict';
import { indexKey, indexNote, IndexWatch, waitsForIndex } from '../../src/engine/indexProgress';
import type { IndexProgress } from '../../src/engine/ports';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { shardFolders, translationUnits, unitsWithoutShard } from '../../src/engine/languages/clangd';
import { SymbolsEngine } from '../../src/tools/lsp_symbols/engine';
import { FakeFeatures, FakeWorkspace, FAST_TUNING, RecordingLog, ROOT } from './fakes/engineFakes';

const DATABASE = `${ROOT}/build/compile_commands.json`;
/** The starting window FAST_TUNING gives: how long a growing index is waited for. */
const INDEX_WAIT_MS = FAST_TUNING.emptyStableMs * 5;

function setup() {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  features.providerLanguages.add('c');
  const symbols = new SymbolsEngine({
    workspace,
    features,
    log: new RecordingLog(),
    settings: () => ({ ...DEFAULT_SETTINGS, timeoutMs: 5000 }),
    tuning: FAST_TUNING,
  });
  return { workspace, features, symbols };
}

/** `count` C files, each declaring `yaml_parser_parse` on its first line, and the symbols a server gives for the first `n` of them. */
function project(workspace: FakeWorkspace, count: number): (n: number) => unknown[] {
  const uris = Array.from({ length: count }, (_, i) => workspace.add(`src/f${String(i).padStart(2, '0')}.c`, 'int yaml_parser_parse(void);', 'c'));
  return (n) =>
    uris.slice(0, n).map((uri) => ({
      name: 'yaml_parser_parse',
      kind: 11,
      containerName: '',
      location: { uri: { scheme: 'file', toString: () => uri }, range: { start: { line: 0, character: 4 }, end: { line: 0, character: 21 } } },
    }));
}

/** An index of `total` units that gains one every `everyMs` from the first look. */
function growingIndex(total: number, everyMs: number): { progress: () => IndexProgress[]; indexed: () => number } {
  let started: number | undefined;
  const indexed = (): number => (started === undefined ? 0 : Math.min(total, Math.floor((Date.now() - started) / everyMs)));
  return {
    progress: () => {
      started ??= Date.now();
      return [{ project: DATABASE, total, indexed: indexed() }];
    },
    indexed,
  };
}

describe("clangd's shards on disk", () => {
  it('lists the translation units of compile_commands.json once each, relative ones under their directory', () => {
    assert.deepEqual(
      translationUnits([
        { directory: '/p/build', file: '/p/src/api.c', command: 'cc -c api.c' },
        { directory: '/p/build', file: '/p/src/api.c', arguments: ['cc', '-DX'] },
        { directory: '/p/build/', file: '../tests/run.c' },
        { directory: 'C:\\p', file: 'C:\\p\\win.c' },
        { file: 'no-directory.c' },
        { directory: '/p', file: 7 },
        'junk',
        null,
      ]),
      ['/p/src/api.c', '/p/build/../tests/run.c', 'C:\\p\\win.c'],
    );
    assert.deepEqual(translationUnits({ not: 'a list' }), []);
  });

  it("looks beside the database, and above it when it is in build/ (clangd's project folder)", () => {
    assert.deepEqual(shardFolders('build'), ['../.cache/clangd/index', '../.clangd/index', '.cache/clangd/index', '.clangd/index']);
    assert.deepEqual(shardFolders('out'), ['.cache/clangd/index', '.clangd/index']);
  });

  it('counts a unit indexed when a shard has its file name; headers and other files do not count', () => {
    const units = ['/p/src/api.c', '/p/src/parser.c', '/p/a/main.c', '/p/b/main.c'];
    assert.deepEqual(unitsWithoutShard(units, []), units);
    assert.deepEqual(
      unitsWithoutShard(units, ['api.c.E643C1B31305D335.idx', 'yaml.h.032F314089342EF4.idx', 'main.c.0D18F6D0D52F70DF.idx', 'parser.c.idx', 'notes.txt']),
      ['/p/src/parser.c', '/p/b/main.c'],
      'one main.c shard stands for one of the two main.c units; a name without the hash is no shard',
    );
    assert.deepEqual(
      unitsWithoutShard(units, ['api.c.E643C1B31305D335.idx', 'parser.c.5064A20BD7DAD959.idx', 'main.c.0D18F6D0D52F70DF.idx', 'main.c.935F1DF065C256DF.idx']),
      [],
    );
  });
});

describe('a background index as the engine sees it', () => {
  it('waits for an index while it grows, until the wait is over; the counts change the answer only until then', async () => {
    let now = 1000;
    let progress: IndexProgress[] = [{ project: DATABASE, total: 21, indexed: 3 }];
    const watch = new IndexWatch({ indexProgress: () => Promise.resolve(progress) }, 500, () => now);
    const first = await watch.look();
    assert.ok(waitsForIndex(first));
    progress = [{ project: DATABASE, total: 21, indexed: 9 }];
    const second = await watch.look();
    assert.notEqual(indexKey(second), indexKey(first), 'a file indexed is a change');
    now += 500;
    progress = [{ project: DATABASE, total: 21, indexed: 12 }];
    const late = await watch.look();
    assert.equal(waitsForIndex(late), false, 'the wait is over');
    assert.equal(indexKey(late), indexKey(second), 'the end of the wait is no change');
    progress = [{ project: DATABASE, total: 21, indexed: 15 }];
    const later = await watch.look();
    assert.equal(indexKey(later), indexKey(late), 'after the wait, counts are no change');
    assert.equal(later.growing[0]!.indexed, 15, 'but the Note has them as they are');
    progress = [{ project: DATABASE, total: 21, indexed: 21 }];
    const done = await watch.look();
    assert.equal(waitsForIndex(done), false);
    assert.notEqual(indexKey(done), indexKey(late), 'the index completing is a change');
    assert.equal(
      indexNote(done, (u) => u, true),
      undefined,
      'a complete index needs no Note',
    );
  });

  it('says how far each growing index got, and an unseen index on a cold answer only', () => {
    const pathOf = (uri: string): string => uri.slice(ROOT.length + 1);
    const growing = { growing: [{ project: DATABASE, total: 21, indexed: 7 }], unseen: [], waited: true, key: '' };
    assert.equal(
      indexNote(growing, pathOf, false),
      "the language server's index was still growing when this answered: build/compile_commands.json (7 of 21 files indexed). Symbols of the files not yet indexed are missing; call again in a moment.",
    );
    const unseen = { growing: [], unseen: [DATABASE], waited: false, key: '' };
    assert.match(indexNote(unseen, pathOf, true)!, /^the language server may still be indexing the project of build\/compile_commands\.json /);
    assert.equal(indexNote(unseen, pathOf, false), undefined);
    assert.equal(indexNote({ growing: [], unseen: [], waited: false, key: '' }, pathOf, true), undefined);
    assert.equal(indexNote(undefined, pathOf, true), undefined);
  });

  it('never fails a search: a port that rejects shows no index', async () => {
    const watch = new IndexWatch({ indexProgress: () => Promise.reject(new Error('EACCES')) }, 100);
    assert.deepEqual(await watch.look(), { growing: [], unseen: [], waited: false, key: '|' });
  });
});

describe('lsp_symbols: a workspace search and a background index', () => {
  it('without the index to look at, the answer that held still is the partial one (the issue)', async () => {
    const fx = setup();
    const answer = project(fx.workspace, 18);
    const index = growingIndex(10, 20);
    // The server's answer grows only when the index is complete (clangd rebuilds it then), soon after
    // (0.1 s after the last shard on libyaml, well inside the stable window).
    let completeAt: number | undefined;
    fx.features.more.workspaceSymbols = () => {
      index.progress();
      if (index.indexed() === 10) completeAt ??= Date.now();
      return answer(completeAt !== undefined && Date.now() - completeAt >= FAST_TUNING.stableMs / 3 ? 18 : 16);
    };
    const cold = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(cold.result.symbols.length, 16, 'readiness alone settles on the partial answer');
    assert.equal(cold.result.completeness, 'complete');
  });

  it('a cold search waits while the index grows, and answers the whole set with no Note', async () => {
    const fx = setup();
    const answer = project(fx.workspace, 18);
    const index = growingIndex(10, 20);
    fx.workspace.indexes = index.progress;
    let completeAt: number | undefined;
    fx.features.more.workspaceSymbols = () => {
      if (index.indexed() === 10) completeAt ??= Date.now();
      return answer(completeAt !== undefined && Date.now() - completeAt >= FAST_TUNING.stableMs / 3 ? 18 : 16);
    };
    const cold = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(cold.result.symbols.length, 18);
    assert.equal(cold.result.completeness, 'complete');
    assert.doesNotMatch(cold.text, /Note:/);
    const looks = fx.workspace.indexLooks;
    const warm = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(warm.text, cold.text);
    assert.equal(fx.workspace.indexLooks, looks, 'a warm search after a complete index does not look again');
  });

  it('an index still growing when the wait ends: the answer says so, and warm answers too until it is complete', async () => {
    const fx = setup();
    const answer = project(fx.workspace, 18);
    // A file more often than the provisional window (so the index never seems stalled), 21 in all: about 8 when the wait ends.
    fx.workspace.indexes = growingIndex(21, INDEX_WAIT_MS / 8).progress;
    fx.features.more.workspaceSymbols = () => answer(16);
    const started = Date.now();
    const cold = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    const waited = Date.now() - started;
    assert.ok(waited >= INDEX_WAIT_MS, `waited ${waited} ms for the index`);
    assert.ok(waited < INDEX_WAIT_MS + 20 * FAST_TUNING.stableMs, `then answered (${waited} ms)`);
    assert.equal(cold.result.completeness, 'partial');
    assert.match(
      cold.text,
      /\nNote: the language server's index was still growing when this answered: build\/compile_commands\.json \(\d+ of 21 files indexed\)\. Symbols of the files not yet indexed are missing; call again in a moment\.$/,
    );
    assert.doesNotMatch(cold.text, /time budget ran out/, 'not the budget Note');

    fx.workspace.indexes = () => [{ project: DATABASE, total: 21, indexed: 20 }];
    const warmStart = Date.now();
    const warm = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.ok(Date.now() - warmStart < INDEX_WAIT_MS, 'a warm search does not wait for the index');
    assert.equal(warm.result.completeness, 'partial');
    assert.match(warm.text, /\(20 of 21 files indexed\)/);

    fx.workspace.indexes = () => [{ project: DATABASE, total: 21, indexed: 21 }];
    fx.features.more.workspaceSymbols = () => answer(18);
    const done = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(done.result.completeness, 'complete');
    assert.equal(done.result.symbols.length, 18);
    assert.doesNotMatch(done.text, /Note:/);
    const looks = fx.workspace.indexLooks;
    await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(fx.workspace.indexLooks, looks, 'once complete, warm searches stop looking');
  });

  it('an index the disk does not show gets the Note on the cold answer only, without a wait', async () => {
    const fx = setup();
    const answer = project(fx.workspace, 3);
    fx.workspace.indexes = () => [{ project: DATABASE, total: 21 }];
    fx.features.more.workspaceSymbols = () => answer(3);
    const started = Date.now();
    const cold = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.ok(Date.now() - started < INDEX_WAIT_MS, 'an unseen index is not waited for');
    assert.equal(cold.result.completeness, 'partial');
    assert.match(
      cold.text,
      /\nNote: the language server may still be indexing the project of build\/compile_commands\.json \(its index is not on disk to count\), so symbols may be missing\. Call again in a moment\.$/,
    );
    const looks = fx.workspace.indexLooks;
    const warm = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(warm.result.completeness, 'complete');
    assert.doesNotMatch(warm.text, /Note:/);
    assert.equal(fx.workspace.indexLooks, looks);
  });

  it('a workspace with no such index (TypeScript, Go, Python) answers as before, with no Note', async () => {
    const fx = setup();
    const answer = project(fx.workspace, 4);
    fx.features.more.workspaceSymbols = () => answer(4);
    const cold = await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(cold.result.completeness, 'complete');
    assert.doesNotMatch(cold.text, /Note:/);
    assert.ok(fx.workspace.indexLooks > 0, 'the cold search looked');
    const looks = fx.workspace.indexLooks;
    await fx.symbols.execute({ query: 'yaml_parser_parse' });
    assert.equal(fx.workspace.indexLooks, looks, 'a warm one does not');
  });
});
