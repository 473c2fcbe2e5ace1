// A fake OpenAI-compatible Chat Completions server on 127.0.0.1, for the real Copilot Chat agent's
// "Custom Endpoint" model (docs: real-vscode-test-host.md, "The real Copilot Chat agent").
//
// Model endpoint: POST /v1/chat/completions, streamed (SSE) or not, as the request's `stream` asks.
// A request that offers tools is an agent turn: it takes the next scripted turn. Anything else
// (Copilot's utility requests, e.g. a title) and any agent turn past the end of the script gets
// short text, so nothing ever waits on the script.
//
// Control endpoints, for the tests inside the extension host (JSON in and out):
//   POST /control/script   { turns: Turn[] }   replaces the script and clears the recorded requests
//   GET  /control/requests                     every request since the last script: { at, agentTurn, raw, body, answered, answeredAt }
//   POST /control/reset                        empty script, nothing recorded
// A Turn is { text } or { toolCalls: [{ name, arguments, id? }] } (arguments: an object, or a string
// sent as is), with optional { delayMs } before answering.
//
// With `replay` (a list of turns, for the `npm start` demo), every conversation replays it: an agent
// request gets the turn whose index is the number of tool-call rounds since the last user message.
import { startScriptedServer } from './scriptedServer.mjs';

export const FALLBACK_TEXT = 'OK.';

let nextId = 0;

function completionChunk(id, model, choice, extra = {}) {
  return { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: choice ? [choice] : [], ...extra };
}

function toolCallsOf(turn) {
  return turn.toolCalls.map((call, index) => ({
    index,
    id: call.id ?? `call_${++nextId}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
  }));
}

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

/** The answer to one request, as the wire shape it asked for (also the Copilot CLI's, fakeAgentApis.mjs). */
export function answerChatCompletion(res, body, turn) {
  const model = String(body.model ?? 'fake-model');
  const id = `chatcmpl-${++nextId}`;
  const calls = turn.toolCalls ? toolCallsOf(turn) : undefined;
  if (body.stream === false) {
    const message = calls
      ? { role: 'assistant', content: null, tool_calls: calls.map((call) => ({ id: call.id, type: call.type, function: call.function })) }
      : { role: 'assistant', content: turn.text };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: calls ? 'tool_calls' : 'stop' }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (data) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  if (calls) {
    send(completionChunk(id, model, { index: 0, delta: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: null }));
    send(completionChunk(id, model, { index: 0, delta: {}, finish_reason: 'tool_calls' }));
  } else {
    send(completionChunk(id, model, { index: 0, delta: { role: 'assistant', content: turn.text }, finish_reason: null }));
    send(completionChunk(id, model, { index: 0, delta: {}, finish_reason: 'stop' }));
  }
  send(completionChunk(id, model, undefined, { usage }));
  send('[DONE]');
  res.end();
}

/** Starts the server; resolves to { url, modelUrl, close }. */
/** The replayed turn for a request: as many tool-call rounds as happened since the user last spoke. */
function replayTurn(body, replay) {
  const messages = body.messages ?? [];
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const rounds = messages.slice(lastUser + 1).filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
  return replay[Math.min(rounds, replay.length - 1)];
}

export async function startFakeModel({ log, replay } = {}) {
  const { url, close } = await startScriptedServer({
    async route({ path, req, res, raw, json, state }) {
      if (path.endsWith('/chat/completions') && req.method === 'POST') {
        const body = JSON.parse(raw || '{}');
        const agentTurn = Array.isArray(body.tools) && body.tools.length > 0;
        const turn = (agentTurn && (replay ? replayTurn(body, replay) : state.turns.shift())) || { text: FALLBACK_TEXT };
        const entry = { at: Date.now(), agentTurn, raw, body, answered: turn, answeredAt: 0 };
        state.requests.push(entry);
        log?.(
          `[fake-model] ${agentTurn ? 'agent' : 'utility'} request, ${body.messages?.length ?? 0} messages -> ${turn.toolCalls ? `tool calls ${turn.toolCalls.map((c) => c.name).join(', ')}` : `text ${JSON.stringify(turn.text).slice(0, 60)}`}`,
        );
        if (turn.delayMs) await new Promise((r) => setTimeout(r, turn.delayMs));
        answerChatCompletion(res, body, turn);
        entry.answeredAt = Date.now();
        return true;
      }
      if (path.endsWith('/models')) {
        json(200, { object: 'list', data: [{ id: 'fake-model', object: 'model' }] });
        return true;
      }
      return false;
    },
    notFound: (req, path) => ({ error: { message: `fake model: no route ${req.method} ${path}` } }),
    failed: (err) => ({ error: { message: String(err?.stack ?? err) } }),
  });
  return { url, modelUrl: `${url}/v1/chat/completions`, close };
}
