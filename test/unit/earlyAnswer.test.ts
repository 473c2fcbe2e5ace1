// A warm question asked before the call's checks (engine/earlyAnswer.ts), in plain Node over the
// engine's fakes: asked at once, used once, dropped when the checks land elsewhere, and never for
// a file outside the workspace, a cold key, a search or bad input.
import * as assert from 'node:assert/strict';
import { EarlyAnswer } from '../../src/engine/earlyAnswer';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { RecentOutcomes } from '../../src/engine/recentOutcomes';
import { CallPath, type Caller } from '../../src/calls/callPath';
import { TOOLS } from '../../src/tools/list';
import { SymbolsEngine } from '../../src/tools/lsp_symbols/engine';
import { engineWith, FAST_TUNING, FakeFeatures, FakeWorkspace, location, RecordingLog } from './fakes/engineFakes';

const SOURCE = 'export const answer = 42;\nconst other = answer;\n';
const outlineOf = (name: string) => [
  {
    name,
    kind: 12,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 24 } },
    selectionRange: { start: { line: 0, character: 13 }, end: { line: 0, character: 19 } },
    children: [],
  },
];

function symbolsSetup() {
  const workspace = new FakeWorkspace();
  const a = workspace.add('src/a.ts', SOURCE);
  const b = workspace.add('src/b.ts', SOURCE);
  workspace.add('/elsewhere/c.ts', SOURCE, 'typescript', false);
  const features = new FakeFeatures(() => undefined);
  const outlined: string[] = [];
  features.more.documentSymbols = (uri) => {
    outlined.push(uri);
    return outlineOf(uri === a ? 'inA' : uri === b ? 'inB' : 'elsewhere');
  };
  const symbols = new SymbolsEngine({ workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, tuning: FAST_TUNING });
  return { workspace, features, symbols, outlined, a, b };
}

describe('a warm question asked before the call checks (engine/earlyAnswer.ts)', () => {
  it('gives its answer once, and only to the same document, question and position', async () => {
    const about = { uri: 'file:///w/a.ts', question: 'findReferences', position: { line: 1, character: 2 } };
    const early = new EarlyAnswer(about, Promise.resolve('answer'));
    assert.equal(early.take({ ...about, uri: 'file:///w/b.ts' }), undefined);
    assert.equal(early.take({ ...about, question: 'hover' }), undefined);
    assert.equal(early.take({ ...about, position: { line: 1, character: 3 } }), undefined);
    assert.equal(early.take({ uri: about.uri, question: about.question }), undefined, 'a position is part of the question');
    assert.equal(await early.take({ ...about, position: { line: 1, character: 2 } }), 'answer');
    assert.equal(early.take(about), undefined, 'used once');
  });

  it('keeps a failed early answer from failing unseen, and fails the call that takes it', async () => {
    let unhandled = 0;
    const count = (): void => void unhandled++;
    process.on('unhandledRejection', count);
    try {
      const dropped = new EarlyAnswer({ uri: 'u', question: 'q' }, Promise.reject(new Error('server failed')));
      const taken = new EarlyAnswer({ uri: 'u', question: 'q' }, Promise.reject(new Error('server failed')));
      await assert.rejects(taken.take({ uri: 'u', question: 'q' })!, /server failed/);
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(unhandled, 0);
      assert.ok(dropped);
    } finally {
      process.off('unhandledRejection', count);
    }
  });

  it('lsp_symbols: asks a warm outline before resolving the file, and the call answers with it', async () => {
    const { workspace, features, symbols, outlined, a } = symbolsSetup();
    const input = { file_path: 'src/a.ts' };
    assert.equal(symbols.askEarly(input), undefined, 'nothing is known before a first call');
    await symbols.execute(input);
    const asked = features.commandCalls.documentSymbols;
    const resolved = workspace.resolutions;
    const early = symbols.askEarly(input);
    assert.ok(early, 'a warm key and a document opened before');
    assert.equal(features.commandCalls.documentSymbols, asked + 1, 'asked at once');
    assert.equal(workspace.resolutions, resolved, 'before the file is resolved');
    const outcome = await symbols.execute(input, undefined, { early });
    assert.equal(features.commandCalls.documentSymbols, asked + 1, 'the call answered with the early answer, asking nothing more');
    assert.equal(workspace.resolutions, resolved + 1, 'the call still resolved the file');
    assert.deepEqual(outlined.slice(asked), [a]);
    assert.match(outcome.text, /inA/);
  });

  it('lsp_symbols: drops the early answer when the checks land on another document, and asks again', async () => {
    const { workspace, features, symbols, outlined, a, b } = symbolsSetup();
    const input = { file_path: 'src/a.ts' };
    await symbols.execute(input);
    await symbols.execute({ file_path: 'src/b.ts' });
    // What the platform kept says 'src/a.ts' is b's document (a resolution that went stale).
    workspace.resolved.set('src/a.ts', { uri: b, inside: true });
    const asked = features.commandCalls.documentSymbols;
    const early = symbols.askEarly(input);
    assert.ok(early);
    const outcome = await symbols.execute(input, undefined, { early });
    assert.deepEqual(outlined.slice(asked), [b, a], 'the early question went to b; the call asked a');
    assert.match(outcome.text, /inA/);
    assert.doesNotMatch(outcome.text, /inB/);
  });

  it('lsp_symbols: asks nothing early for a cold key, a file outside the workspace, a search or bad input', async () => {
    const { workspace, features, symbols } = symbolsSetup();
    await symbols.execute({ file_path: 'src/a.ts' });
    await symbols.execute({ file_path: '/elsewhere/c.ts' });
    const asked = features.commandCalls.documentSymbols;
    assert.equal(symbols.askEarly({ file_path: '/elsewhere/c.ts' }), undefined, 'outside: the policy asks the person first');
    assert.equal(symbols.askEarly({ query: 'answer' }), undefined);
    for (const bad of [null, 'src/a.ts', { file_path: 3 }, { file_path: 'src/a.ts', query: 7 }]) assert.equal(symbols.askEarly(bad), undefined);
    symbols.warm.coolFolder(workspace.folderOf());
    assert.equal(symbols.askEarly({ file_path: 'src/a.ts' }), undefined, 'a cold key waits for readiness');
    assert.equal(features.commandCalls.documentSymbols, asked, 'nothing was asked');
  });

  it('lsp: asks a warm question early at the position the call would ask (the symbol snapped), once', async () => {
    const { engine, workspace, features } = engineWith((_op, uri) => [location(uri, 0, 13, 6)]);
    workspace.add('src/a.ts', SOURCE);
    const input = { operation: 'findReferences', file_path: 'src/a.ts', line: 2, character: 1, symbol: 'answer' };
    await engine.execute(input);
    const calls = features.calls;
    const early = engine.askEarly(input);
    assert.ok(early);
    assert.equal(features.calls, calls + 1);
    assert.deepEqual(features.asked.at(-1)!.position, { line: 1, character: 14 }, 'snapped to the symbol, as the call snaps');
    const outcome = await engine.execute(input, undefined, { early });
    assert.equal(features.calls, calls + 1, 'the call answered with it');
    assert.deepEqual(outcome.position, { line: 1, character: 14 });
    assert.equal(engine.askEarly({ ...input, line: 99 }), undefined, 'a position the document does not have');
    assert.equal(engine.askEarly({ ...input, operation: 'hover' }), undefined, 'hover is still cold');
    assert.equal(features.calls, calls + 1);
  });

  it('lsp: reads the previews of a warm question asked again while the server answers, not after', async () => {
    let gate: Promise<void> = Promise.resolve();
    const { engine, workspace } = engineWith(async (_op, uri) => {
      await gate;
      return [location(uri, 0, 13, 6), location(b, 1, 0, 5)];
    });
    workspace.add('src/a.ts', SOURCE);
    const b = workspace.add('src/b.ts', 'const x = 1;\nanswer();\n');
    const input = { operation: 'findReferences', file_path: 'src/a.ts', line: 1, character: 14 };
    await engine.execute(input);
    await engine.execute(input);
    workspace.reads.length = 0;
    workspace.viewed.length = 0;
    let release = (): void => undefined;
    gate = new Promise((resolve) => (release = resolve));
    workspace.add('src/b.ts', 'const x = 1;\nanswer(changed);\n');
    const call = engine.execute(input);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(workspace.viewed, [['file:///w/src/a.ts', b]], "the last answer's files, read while the answer is pending");
    release();
    const outcome = await call;
    assert.equal(workspace.viewed.length, 1, 'nothing read after the answer');
    assert.equal(workspace.reads.length, 0, 'no preview read apart');
    assert.match(outcome.text, /answer\(changed\);/, 'the line as the file is now');
  });

  it('the call path asks early before its checks, and never for a file outside the workspace', async () => {
    const workspace = new FakeWorkspace();
    const uri = workspace.add('src/a.ts', SOURCE);
    workspace.add('/elsewhere/b.ts', SOURCE, 'typescript', false);
    const order: string[] = [];
    const features = new FakeFeatures(() => {
      order.push('ask');
      return [location(uri, 0, 13, 6)];
    });
    const resolve = workspace.resolveFile.bind(workspace);
    workspace.resolveFile = (filePath: string) => {
      order.push('resolve');
      return resolve(filePath);
    };
    const calls = new CallPath(TOOLS, {
      engine: { workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, tuning: FAST_TUNING },
      outcomes: new RecentOutcomes(),
      confirmation: () => ({ title: 'Outside?', message: 'Outside?' }),
    });
    const caller = (answer: boolean): Caller => ({ transport: 'mcp', confirm: () => Promise.resolve(answer) });
    const inside = { operation: 'goToDefinition', file_path: 'src/a.ts', line: 2, character: 15 };
    const outside = { ...inside, file_path: '/elsewhere/b.ts' };
    for (const input of [inside, outside]) await calls.call('lsp', input, caller(true));
    order.length = 0;
    const { text } = await calls.call('lsp', inside, caller(true));
    assert.match(text, /^src\/a\.ts:1:14:/);
    assert.deepEqual(order.slice(0, 2), ['ask', 'resolve'], 'asked before the checks');
    assert.equal(order.filter((o) => o === 'ask').length, 1, 'one question for the call');
    order.length = 0;
    await assert.rejects(calls.call('lsp', outside, caller(false)), /LSP_OUTSIDE_WORKSPACE_DENIED/);
    assert.deepEqual(order, ['resolve'], 'declined: nothing was asked of the server');
  });
});
