// The one call path every transport takes, over fakes of the engine's ports (plain Node).
import * as assert from 'node:assert/strict';
import { RecentOutcomes } from '../../src/engine/recentOutcomes';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../src/engine/settings';
import { schemaSignature } from '../../src/engine/toolSchema';
import type { OutcomeHeader } from '../../src/engine/outcome';
import { CallPath, type Caller, type ConfirmRequest } from '../../src/calls/callPath';
import { TOOLS, MANIFESTS, TOOL_APIS } from '../../src/tools/list';
import { toolListing } from '../../src/mcp/listing';
import { FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog } from './fakes/engineFakes';

const SOURCE = 'export const answer = 42;\nconst other = answer;\n';

function setup(settings: Partial<LspToolSettings> = {}, writes = true) {
  const workspace = new FakeWorkspace();
  const uri = workspace.add('src/a.ts', SOURCE);
  workspace.add('/elsewhere/b.ts', SOURCE, 'typescript', false);
  const features = new FakeFeatures(() => [location(uri, 0, 13, 6)]);
  const log = new RecordingLog();
  const outcomes = new RecentOutcomes();
  const presented: { id: number; outcome: OutcomeHeader; source: string; label?: string; at: number }[] = [];
  let answeredAt = 0;
  const calls = new CallPath(TOOLS, {
    engine: { workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, ...settings }), tuning: FAST_TUNING },
    outcomes,
    confirmation: (toolName, target) => ({ title: 'Outside?', message: `${toolName} reads ${target}` }),
    writes: () => writes,
    present: (recorded) => {
      presented.push({ ...recorded, at: answeredAt });
    },
  });
  const asked: ConfirmRequest[] = [];
  const caller = (transport: Caller['transport'], answer: boolean, label?: string): Caller => ({
    transport,
    ...(label === undefined ? {} : { label }),
    confirm: (request) => {
      asked.push(request);
      return Promise.resolve(answer);
    },
  });
  const markAnswered = () => (answeredAt = 1);
  return { calls, outcomes, presented, asked, caller, log, features, workspace, markAnswered };
}

/** Rejects with an error whose message (code first) matches. */
const rejectsWith = (work: Promise<unknown>, message: RegExp) =>
  assert.rejects(work, (err: Error) => {
    assert.match(err.message, message);
    return true;
  });

const ANSWER = /^src\/a\.ts:1:14: export const answer = 42;$/;
const inside = { operation: 'goToDefinition', file_path: 'src/a.ts', line: 2, character: 15 };
const outside = { ...inside, file_path: '/elsewhere/b.ts' };

describe('the call path', () => {
  it('runs a call, records it with its source and label, and shows it only after the answer has gone back', async () => {
    const fx = setup();
    const { id, text, outcome } = await fx.calls.call('lsp', inside, fx.caller('mcp', true, 'Claude Code'));
    fx.markAnswered();
    assert.match(text, ANSWER);
    assert.equal(outcome.tool, 'lsp');
    assert.equal(outcome.title, 'LSP goToDefinition src/a.ts:2:15');
    assert.deepEqual(fx.outcomes.get(id), { id, source: 'mcp', label: 'Claude Code', outcome });
    assert.equal(fx.presented.length, 0, 'nothing is shown before the answer is back');
    await fx.calls.settled();
    assert.deepEqual(fx.presented, [{ id, source: 'mcp', label: 'Claude Code', outcome, at: 1 }]);
    assert.deepEqual(fx.asked, [], 'a file inside the workspace needs no confirmation');
  });

  it("records a vscode.lm call as the tool's, with no label, and anchors the card at the queried position", async () => {
    const fx = setup();
    const { id, outcome } = await fx.calls.call('lsp', inside, fx.caller('lm', true));
    assert.deepEqual(fx.outcomes.get(id), { id, source: 'tool', outcome });
    assert.deepEqual(outcome.anchor, { uri: 'file:///w/src/a.ts', position: { line: 1, character: 14 } });
    await fx.calls.settled();
    assert.deepEqual(
      fx.presented.map((p) => [p.source, p.label]),
      [['tool', undefined]],
    );
  });

  it('under "ask", asks the caller for a file outside the workspace; a refusal is LSP_OUTSIDE_WORKSPACE_DENIED and runs nothing', async () => {
    const fx = setup({ outsideWorkspace: 'ask' });
    await assert.rejects(fx.calls.callTool('lsp', outside, fx.caller('mcp', false)), (err: Error) => {
      assert.match(
        err.message,
        /^LSP_OUTSIDE_WORKSPACE_DENIED: file_path "\/elsewhere\/b\.ts" is outside every workspace folder, and the person in VS Code declined or did not answer in time \(lspTool\.outsideWorkspace is "ask"\)\. Call lsp on a file inside the workspace\.$/,
      );
      return true;
    });
    assert.deepEqual(fx.asked, [
      { title: 'Outside?', message: 'lsp reads file:///elsewhere/b.ts', filePath: '/elsewhere/b.ts', uri: 'file:///elsewhere/b.ts', toolName: 'lsp' },
    ]);
    assert.equal(fx.features.calls, 0, 'the provider was not asked');
    assert.equal(fx.outcomes.size, 0);
    const { text } = await fx.calls.callTool('lsp', outside, fx.caller('mcp', true));
    assert.match(text, ANSWER, 'an approval runs the call');
    assert.equal(fx.asked.length, 2);
  });

  it('asks nobody about a call whose input is bad: the tool reports that, and logs it', async () => {
    const fx = setup({ outsideWorkspace: 'ask' });
    await rejectsWith(
      fx.calls.callTool('lsp', { ...outside, line: 'two' }, fx.caller('mcp', true)),
      /^LSP_INVALID_ARGUMENT: invalid arguments: "line" must be a number\. Call lsp with /,
    );
    assert.deepEqual(fx.asked, []);
    assert.equal(fx.log.lines.filter((l) => l.level === 'error').length, 1);
  });

  it('under "allow" asks nobody; under "deny" refuses with the engine\'s coded error', async () => {
    const allow = setup({ outsideWorkspace: 'allow' });
    assert.match((await allow.calls.callTool('lsp', outside, allow.caller('mcp', false))).text, ANSWER);
    assert.deepEqual(allow.asked, []);
    const deny = setup({ outsideWorkspace: 'deny' });
    await rejectsWith(
      deny.calls.callTool('lsp', outside, deny.caller('mcp', true)),
      /^LSP_OUTSIDE_WORKSPACE_DENIED: file_path "\/elsewhere\/b\.ts" is outside every workspace folder and lspTool\.outsideWorkspace is "deny"\. Call lsp on a file inside the workspace\.$/,
    );
    assert.deepEqual(deny.asked, []);
  });

  it("leaves a path that does not resolve to the call, which reports it in the tool's terms", async () => {
    const fx = setup({ outsideWorkspace: 'ask' });
    await rejectsWith(fx.calls.callTool('lsp_symbols', { file_path: 'nope.ts' }, fx.caller('mcp', true)), /^LSP_FILE_NOT_FOUND/);
    assert.deepEqual(fx.asked, []);
    assert.equal(fx.log.lines.filter((l) => l.level === 'error').length, 1, 'the failed call is logged once');
  });

  it('says which tools exist when asked for another', async () => {
    const fx = setup();
    await rejectsWith(
      fx.calls.callTool('lsp_move', {}, fx.caller('mcp', true)),
      /^LSP_INVALID_ARGUMENT: no tool is named "lsp_move"\. Call one of lsp, lsp_symbols, lsp_hierarchy, lsp_diagnostics, lsp_rename\.$/,
    );
  });

  it('refuses a tool that writes while writing is off (Restricted Mode, or the setting), before anything runs', async () => {
    const fx = setup({}, false);
    await rejectsWith(
      fx.calls.callTool('lsp_rename', { file_path: 'src/a.ts', line: 1, character: 17, new_name: 'renamed' }, fx.caller('lm', true)),
      /^LSP_WRITING_DISABLED: lsp_rename changes files, and writing is off here/,
    );
    assert.deepEqual(fx.asked, []);
    // The tools that read are not affected.
    await fx.calls.callTool('lsp_symbols', { file_path: 'src/a.ts' }, fx.caller('lm', true));
  });

  it('lists every tool with its description and schema for a transport', () => {
    assert.deepEqual(
      toolListing(MANIFESTS, TOOL_APIS).map((t) => t.name),
      ['lsp', 'lsp_symbols', 'lsp_hierarchy', 'lsp_diagnostics', 'lsp_rename'],
    );
    for (const [i, listed] of toolListing(MANIFESTS, TOOL_APIS).entries()) {
      assert.equal(listed.description, MANIFESTS[i]!.modelDescription);
      assert.equal(listed.inputSchema, TOOLS[i]!.schema.inputSchema, 'the very schema the engine parses by');
      assert.equal(listed.title, MANIFESTS[i]!.displayName, 'titled with the displayName VS Code shows');
      // A tool that writes asks before it runs: not read-only, not idempotent (an undoable edit: not destructive).
      const reads = !TOOLS[i]!.api.writes;
      assert.deepEqual(
        listed.annotations,
        { title: MANIFESTS[i]!.displayName, readOnlyHint: reads, destructiveHint: false, idempotentHint: reads, openWorldHint: false },
        `${listed.name}: ${reads ? 'read-only, idempotent' : 'writes, not idempotent'}, not destructive, closed world`,
      );
    }
  });

  it("derives the parse errors' hint from the schema data", async () => {
    const fx = setup();
    await assert.rejects(fx.calls.callTool('lsp', {}, fx.caller('mcp', true)), (err: Error) => {
      assert.ok(err.message.endsWith(`Call lsp with ${schemaSignature(TOOLS[0]!.schema.inputSchema)}; line and character are one-based.`), err.message);
      return true;
    });
    assert.equal(
      schemaSignature(TOOLS[2]!.schema.inputSchema),
      '{"direction": "incomingCalls"|"outgoingCalls"|"supertypes"|"subtypes", "file_path": string, "line": number, "character": number, "symbol"?: string, "depth"?: 1-5}',
    );
  });
});
