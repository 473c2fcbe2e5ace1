// A fake Anthropic Messages server on 127.0.0.1, for the real Claude Code CLI (docs:
// real-vscode-test-host.md, "The real Claude Code CLI"), as fakeModel.mjs is for Copilot.
//
// Model endpoint: POST /v1/messages (Claude Code adds ?beta=true), streamed as Server-Sent Events
// (message_start, content_block_start, content_block_delta, content_block_stop, message_delta,
// message_stop) or as one JSON message when the request says stream: false.
// A request that offers tools is an agent turn: it takes the next scripted turn. Anything else
// (a utility request) and any agent turn past the end of the script gets the text "OK.", so
// nothing ever waits on the script. Past MAX_REQUESTS since the last script every request gets a
// 400, which ends any loop.
//
// Control endpoints, for the tests inside the extension host (JSON in and out):
//   POST /control/script   { turns: Turn[] }   replaces the script and clears the recorded requests
//   GET  /control/requests                     every request since the last script: { at, agentTurn, url, raw, body, answered, answeredAt }
//   POST /control/reset                        empty script, nothing recorded
// It serves Codex's, Gemini's and the Copilot CLI's APIs too, from the same script (fakeAgentApis.mjs);
// their requests are recorded with `api` ('responses', 'gemini', 'chat').
// A Turn is { text } or { toolUses: [{ name, input, id? }] } (input: an object, or a string sent as
// the partial JSON as is), with optional { delayMs } before answering.
import { agentApi } from './fakeAgentApis.mjs';
import { startScriptedServer } from './scriptedServer.mjs';

export const FALLBACK_TEXT = 'OK.';
export const MAX_REQUESTS = 50;

let nextId = 0;

/** The content blocks of a turn, as the final message holds them. */
function blocksOf(turn) {
  if (turn.toolUses) {
    return turn.toolUses.map((use) => ({
      type: 'tool_use',
      id: use.id ?? `toolu_fake_${++nextId}`,
      name: use.name,
      input: typeof use.input === 'string' ? use.input : (use.input ?? {}),
    }));
  }
  return [{ type: 'text', text: turn.text }];
}

function usage(output = 5) {
  return { input_tokens: 10, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

/** The answer to one request, in the shape (streamed or not) it asked for. */
function answer(res, body, turn) {
  const model = String(body.model ?? 'claude-sonnet-4-5');
  const id = `msg_fake_${++nextId}`;
  const blocks = blocksOf(turn);
  const stopReason = turn.toolUses ? 'tool_use' : 'end_turn';
  if (body.stream !== true) {
    const content = blocks.map((b) => (b.type === 'tool_use' && typeof b.input === 'string' ? { ...b, input: JSON.parse(b.input) } : b));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id, type: 'message', role: 'assistant', model, content, stop_reason: stopReason, stop_sequence: null, usage: usage() }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (data) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  send({
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: usage(1) },
  });
  blocks.forEach((block, index) => {
    if (block.type === 'tool_use') {
      send({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      send({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: typeof block.input === 'string' ? block.input : JSON.stringify(block.input) },
      });
    } else {
      send({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    }
    send({ type: 'content_block_stop', index });
  });
  send({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  send({ type: 'message_stop' });
  res.end();
}

/** Starts the server; resolves to { url, close }. */
export function startFakeAnthropic({ log } = {}) {
  return startScriptedServer({
    async route({ path, req, res, raw, json, state }) {
      if (path === '/v1/messages/count_tokens' && req.method === 'POST') {
        json(200, { input_tokens: 10 });
        return true;
      }
      const other = agentApi(path, req.method);
      if (other) {
        const body = JSON.parse(raw || '{}');
        const agentTurn = other.agentTurn(body);
        const turn = (agentTurn && state.turns.shift()) || { text: FALLBACK_TEXT };
        const entry = { at: Date.now(), api: other.name, agentTurn, url: req.url, raw, body, answered: turn, answeredAt: 0 };
        if (!other.utilityOnly) state.requests.push(entry);
        log?.(
          `[fake-${other.name}] ${agentTurn ? 'agent' : 'utility'} request -> ${turn.toolUses ? `tool uses ${turn.toolUses.map((u) => u.name).join(', ')}` : 'text'}`,
        );
        if (turn.delayMs) await new Promise((r) => setTimeout(r, turn.delayMs));
        other.answer(res, body, turn, path);
        entry.answeredAt = Date.now();
        return true;
      }
      if (path !== '/v1/messages' || req.method !== 'POST') return false;
      if (state.requests.length >= MAX_REQUESTS) {
        json(400, {
          type: 'error',
          error: { type: 'invalid_request_error', message: `fake Anthropic: more than ${MAX_REQUESTS} requests since the last script` },
        });
        return true;
      }
      const body = JSON.parse(raw || '{}');
      const agentTurn = Array.isArray(body.tools) && body.tools.length > 0;
      const turn = (agentTurn && state.turns.shift()) || { text: FALLBACK_TEXT };
      const entry = { at: Date.now(), agentTurn, url: req.url, raw, body, answered: turn, answeredAt: 0 };
      state.requests.push(entry);
      log?.(
        `[fake-anthropic] ${agentTurn ? 'agent' : 'utility'} request, ${body.messages?.length ?? 0} messages -> ${turn.toolUses ? `tool uses ${turn.toolUses.map((u) => u.name).join(', ')}` : `text ${JSON.stringify(turn.text).slice(0, 60)}`}`,
      );
      if (turn.delayMs) await new Promise((r) => setTimeout(r, turn.delayMs));
      answer(res, body, turn);
      entry.answeredAt = Date.now();
      return true;
    },
    notFound: (req, path) => ({ type: 'error', error: { type: 'not_found_error', message: `fake Anthropic: no route ${req.method} ${path}` } }),
    failed: (err) => ({ type: 'error', error: { type: 'api_error', message: String(err?.stack ?? err) } }),
  });
}
