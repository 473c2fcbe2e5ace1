// The query engine in plain Node over fake ports: parse -> resolve -> query -> notes -> render,
// readiness, the one budget (timeout, cancellation), and the log line per query.
import * as assert from 'node:assert/strict';
import { LspToolError } from '../../src/engine/errors';
import { RecentOutcomes } from '../../src/engine/recentOutcomes';
import { isQueryOutcome, sameQueryInput, type QueryOutcome } from '../../src/tools/lsp/engine';
import { cancellation, engineWith, location } from './fakes/engineFakes';

const GEOMETRY = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  'export function totalArea(shapes: Shape[]): number {',
  '  return shapes.reduce((sum, s) => sum + s.area(), 0);',
  '}',
].join('\n');
const MAIN = ["import { totalArea } from './geometry';", "export const welcome = greet('world');", 'console.log(totalArea([]));'].join('\n');

function setup(answer: Parameters<typeof engineWith>[0], settings?: Parameters<typeof engineWith>[1]) {
  const fx = engineWith(answer, settings);
  const geometry = fx.workspace.add('src/geometry.ts', GEOMETRY);
  const main = fx.workspace.add('src/main.ts', MAIN);
  return { ...fx, geometry, main };
}

async function rejectsWith(work: Promise<unknown>, code: string): Promise<LspToolError> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof LspToolError, `expected LspToolError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    assert.ok(err.message.startsWith(`${code}: `));
    return err;
  }
  assert.fail(`expected ${code}`);
}

describe('query engine (fake language features)', () => {
  it('a position in a file written just before the call waits for the editor to show the new text (docs/contract.md §5.8)', async () => {
    const { engine, workspace, geometry } = setup((_op, uri) => [location(uri, 6, 16)]);
    workspace.files.set('src/geometry.ts', { text: `${GEOMETRY}\nexport const addedByTheAgent = 1;`, languageId: 'typescript' });
    workspace.lagging.set(geometry, { text: GEOMETRY, opens: 3 });
    const outcome = await engine.execute({ operation: 'findReferences', file_path: 'src/geometry.ts', line: 7, character: 17 });
    assert.match(outcome.text, /^src\/geometry\.ts:7:17/);
  });

  it('a position past the end of a file with unsaved changes says which text it was read against', async () => {
    const { engine, workspace, geometry } = setup(() => []);
    workspace.unsaved.set(geometry, 'export const x = 1;');
    const err = await rejectsWith(engine.execute({ operation: 'hover', file_path: 'src/geometry.ts', line: 5, character: 1 }), 'LSP_POSITION_OUT_OF_RANGE');
    assert.match(err.message, /read against the editor's unsaved text of "src\/geometry\.ts", not the file on disk/);
  });

  it('answers findReferences with the grouped text, previews, and the canonical value', async () => {
    let geometry = '';
    let main = '';
    const fx = setup(() => [location(main, 0, 9), location(geometry, 3, 16), location(main, 2, 12), location(geometry, 3, 16)]);
    geometry = fx.geometry;
    main = fx.main;
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/geometry.ts', line: 4, character: 18 });
    assert.equal(
      outcome.text,
      [
        "src/main.ts:1:10: import { totalArea } from './geometry';",
        'src/main.ts:3:13: console.log(totalArea([]));',
        'src/geometry.ts:4:17: export function totalArea(shapes: Shape[]): number {',
      ].join('\n'),
    );
    assert.equal(outcome.result.kind, 'locations');
    assert.equal(outcome.result.kind === 'locations' && outcome.result.locations.length, 3, 'the exact duplicate is dropped');
    assert.equal(outcome.result.completeness, 'complete');
    assert.deepEqual(outcome.position, { line: 3, character: 17 });
    assert.deepEqual(outcome.input, { operation: 'findReferences', file_path: 'src/geometry.ts', line: 4, character: 18 });
    assert.deepEqual(fx.features.asked[0], { operation: 'findReferences', uri: fx.geometry, position: { line: 3, character: 17 } });
    assert.ok(outcome.sourceLines.has(fx.main), 'the preview lines are handed on');
    const debug = fx.log.lines.filter((l) => l.level === 'debug');
    assert.equal(debug.length, 1);
    assert.match(debug[0]!.message, /^findReferences src\/geometry\.ts:4:18 -> 3 locations \(complete\) in \d+\.\dms$/);
  });

  it('waits for the answers to hold still on a cold key, then asks once when warm', async () => {
    let main = '';
    // A loading server: one location, then two, then three, then the same.
    const fx = setup((_op, _uri, _pos, call) => [0, 1, 2].slice(0, Math.min(call, 3)).map((line) => location(main, line, 0)));
    main = fx.main;
    const cold = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 10 });
    assert.equal(cold.result.kind === 'locations' && cold.result.locations.length, 3, 'the cold answer is the complete one');
    assert.equal(cold.result.completeness, 'complete');
    const coldCalls = fx.features.calls;
    assert.ok(coldCalls >= 4, `asked until stable (${coldCalls} calls)`);
    const warm = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 10 });
    assert.equal(fx.features.calls - coldCalls, 1, 'a warm key pays one call');
    assert.equal(warm.text, cold.text);
    fx.engine.warm.coolFolder('file:///w');
    await fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 10 });
    assert.ok(fx.features.calls - coldCalls - 1 >= 3, 'a cooled folder warms up anew');
  });

  it('waits past a hover that says the server is still loading', async () => {
    // tsserver, seen through Copilot: "(loading...) const external: 42" right after the server started.
    // Loading for 40 ms: past the 30 ms stable window, well inside the 60 ms provisional one (by time, not by call count, so a busy machine's slower polling cannot end the wait on the loading hover).
    let first = 0;
    const fx = setup((_op, _uri, _pos, call) => {
      if (call === 1) first = Date.now();
      return [{ contents: [Date.now() - first < 40 ? '```ts\n(loading...) const welcome: any\n```' : '```ts\nconst welcome: string\n```'] }];
    });
    const outcome = await fx.engine.execute({ operation: 'hover', file_path: 'src/main.ts', line: 2, character: 15 });
    assert.equal(outcome.text, '```ts\nconst welcome: string\n```');
    assert.equal(outcome.result.completeness, 'complete');
  });

  it('says partial when the budget ends while answers still change', async () => {
    let main = '';
    const fx = setup((_op, _uri, _pos, call) => Array.from({ length: call }, (_, line) => location(main, line % 3, line)), { timeoutMs: 150 });
    main = fx.main;
    const outcome = await fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 10 });
    assert.equal(outcome.result.completeness, 'partial');
    assert.match(
      outcome.text,
      /\nNote: the language server was still loading when the time budget ran out; these results may be partial\. Call again for the complete answer\.$/,
    );
  });

  it('times out with LSP_TIMEOUT when the provider never answers, and logs an error', async () => {
    const fx = setup(() => new Promise(() => undefined), { timeoutMs: 80 });
    const err = await rejectsWith(fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 1, character: 10 }), 'LSP_TIMEOUT');
    assert.equal(
      err.message,
      'LSP_TIMEOUT: tool call timed out after 80ms. The language server did not answer in time; retry once it has finished loading, or raise lspTool.timeoutMs.',
    );
    assert.equal(fx.log.lines.filter((l) => l.level === 'error').length, 1);
  });

  it('stops with LSP_CANCELLED when cancelled mid-call, and logs it at debug level', async () => {
    const { token, cancel } = cancellation();
    const fx = setup(() => {
      setTimeout(cancel, 10);
      return new Promise(() => undefined);
    });
    await rejectsWith(fx.engine.execute({ operation: 'hover', file_path: 'src/main.ts', line: 1, character: 10 }, token), 'LSP_CANCELLED');
    assert.equal(fx.log.lines.filter((l) => l.level === 'error').length, 0);
    assert.match(fx.log.lines.at(-1)!.message, /^hover src\/main\.ts:1:10 failed in .*LSP_CANCELLED/);
  });

  it('stops the readiness polling when cancelled between samples', async () => {
    const { token, cancel } = cancellation();
    let main = '';
    const fx = setup((_op, _uri, _pos, call) => {
      if (call === 2) setTimeout(cancel, 0);
      return [location(main, call, 0)];
    });
    main = fx.main;
    await rejectsWith(fx.engine.execute({ operation: 'findReferences', file_path: 'src/main.ts', line: 1, character: 10 }, token), 'LSP_CANCELLED');
    const calls = fx.features.calls;
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(fx.features.calls, calls, 'nothing is asked after the cancellation');
  });

  it('rejects bad input before resolving anything', async () => {
    const fx = setup(() => []);
    const err = await rejectsWith(fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 0, character: 1 }), 'LSP_INVALID_ARGUMENT');
    assert.match(err.message, /line must be a positive integer \(one-based\)/);
    await rejectsWith(fx.engine.execute({ operation: 'rename', file_path: 'src/main.ts', line: 1, character: 1 }), 'LSP_INVALID_ARGUMENT');
    assert.equal(fx.workspace.resolutions, 0);
    assert.equal(fx.features.calls, 0);
  });

  it("reports the resolution's coded errors, the outside policy and positions out of range", async () => {
    const fx = setup(() => [], { outsideWorkspace: 'deny' });
    fx.workspace.add('/elsewhere/x.ts', 'const x = 1;', 'typescript', false);
    await rejectsWith(fx.engine.execute({ operation: 'hover', file_path: 'src/nope.ts', line: 1, character: 1 }), 'LSP_FILE_NOT_FOUND');
    await rejectsWith(fx.engine.execute({ operation: 'hover', file_path: '/elsewhere/x.ts', line: 1, character: 1 }), 'LSP_OUTSIDE_WORKSPACE_DENIED');
    const line = await rejectsWith(fx.engine.execute({ operation: 'hover', file_path: 'src/main.ts', line: 4, character: 1 }), 'LSP_POSITION_OUT_OF_RANGE');
    assert.match(line.message, /which has 3 lines\. Pass a line from 1 to 3\./);
    const column = await rejectsWith(fx.engine.execute({ operation: 'hover', file_path: 'src/main.ts', line: 3, character: 40 }), 'LSP_POSITION_OUT_OF_RANGE');
    assert.match(column.message, /which has 27 UTF-16 code units\. Pass a character from 1 to 28\./);
    assert.equal(fx.features.calls, 0);
  });

  it('turns a provider that throws into LSP_PROVIDER_FAILED', async () => {
    const fx = setup(() => {
      throw new Error('boom');
    });
    const err = await rejectsWith(fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 1, character: 10 }), 'LSP_PROVIDER_FAILED');
    assert.match(err.message, /the typescript language provider failed on goToDefinition: boom\./);
  });

  it('snaps to the symbol and says where it queried', async () => {
    let geometry = '';
    const fx = setup(() => [location(geometry, 3, 16)]);
    geometry = fx.geometry;
    const outcome = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 2, character: 1, symbol: 'totalArea' });
    assert.deepEqual(fx.features.asked[0]!.position, { line: 0, character: 9 }, 'the nearest occurrence, the line above before the line below');
    assert.match(outcome.text, /\nNote: moved to "totalArea" at 1:10 \(asked for 2:1\)\.$/);
  });

  it("lists the line's identifiers for an empty answer on whitespace or on a keyword, not on a symbol", async () => {
    const fx = setup(() => []);
    const space = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 2, character: 13 });
    assert.equal(
      space.text,
      'No results.\nNote: "const" at 2:13 is a keyword, not a symbol. Identifiers on line 2: export (col 1), const (col 8), welcome (col 14), greet (col 24), world (col 31).',
    );
    const keyword = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 2, character: 9 });
    assert.match(keyword.text, /^No results\.\nNote: "const" at 2:9 is a keyword, not a symbol\. Identifiers on line 2: /);
    const paren = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 3, character: 28 });
    assert.match(paren.text, /^No results\.\nNote: no identifier at 3:28\. Identifiers on line 3: console \(col 1\)/);
    const symbol = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 2, character: 15 });
    assert.equal(symbol.text, 'No results.', 'an empty answer on a symbol is just that');
  });

  it('says how many malformed hover parts it dropped', async () => {
    const fx = setup(() => [{ contents: ['`welcome: string`', { bogus: 1 }] }, 7]);
    const outcome = await fx.engine.execute({ operation: 'hover', file_path: 'src/main.ts', line: 2, character: 15 });
    assert.equal(outcome.text, '`welcome: string`\nNote: 2 malformed provider entries were dropped.');
  });

  it('says no provider answered for a language without one, without waiting past the window', async () => {
    const fx = setup(() => undefined);
    fx.workspace.add('notes.txt', 'plain words here', 'plaintext');
    const outcome = await fx.engine.execute({ operation: 'goToDefinition', file_path: 'notes.txt', line: 1, character: 2 });
    assert.equal(outcome.result.completeness, 'noProvider');
    assert.equal(
      outcome.text,
      'No results.\nNote: no language provider answered for language id "plaintext". Install an extension with language features for it, or use text search.',
    );
  });
});

describe('recent outcomes', () => {
  const outcome = (line: number): QueryOutcome => ({
    tool: 'lsp',
    title: `LSP hover a.ts:${line}:1`,
    heading: { kind: 'position', question: 'hover', subject: { at: `a.ts:${line}:1` } },
    completeness: 'complete',
    anchor: { uri: 'file:///w/a.ts', position: { line: line - 1, character: 0 } },
    result: { kind: 'hover', hover: null, completeness: 'complete' },
    text: 'No hover information.',
    operation: 'hover',
    input: { operation: 'hover', file_path: 'a.ts', line, character: 1 },
    uri: 'file:///w/a.ts',
    position: { line: line - 1, character: 0 },
    notes: [],
    sourceLines: new Map(),
  });

  it("keeps one bounded history with increasing ids, the current entry, and finds a tool call's outcome", () => {
    const store = new RecentOutcomes(3);
    const ids = [1, 2, 3, 4].map((line) => store.record(outcome(line), 'tool'));
    assert.deepEqual(ids, [1, 2, 3, 4]);
    assert.equal(store.size, 3);
    assert.equal(store.get(1), undefined, 'the oldest is dropped');
    assert.equal(store.current?.id, 4);
    store.setCurrent(2);
    assert.equal(store.current?.id, 2);
    store.setCurrent(1);
    assert.equal(store.current?.id, 2, 'an entry no longer kept cannot become current');
    const before = store.lastId;
    const sameCall = (o: QueryOutcome) => sameQueryInput(o.input, outcome(4).input);
    assert.equal(store.newestAfter(before, isQueryOutcome, sameCall), undefined, 'only outcomes recorded after the call count');
    store.record(outcome(3), 'tool');
    store.record(outcome(4), 'tool');
    store.record(outcome(2), 'tool');
    assert.equal(store.newestAfter(before, isQueryOutcome, sameCall), store.get(6)?.outcome, 'the one for exactly this input');
    assert.equal(store.newestAfter(before, isQueryOutcome), store.get(7)?.outcome, 'without an input, the newest of the kind');
    assert.equal(
      store.newestAfter(before, (o): o is QueryOutcome => o.tool === 'lsp_symbols'),
      undefined,
      'another kind is not found',
    );
    assert.ok(store.get(5));
  });
});
