// The model APIs of the terminal agents other than Claude Code, scripted like fakeAnthropic.mjs
// (which serves them beside Anthropic's, from the same script): docs: real-vscode-test-host.md,
// "The real Codex, Gemini and Copilot CLIs, offline".
//
//   Codex CLI          POST /v1/responses                                  the Responses API, SSE
//   Gemini CLI         POST /v1beta/models/<model>:streamGenerateContent   SSE (?alt=sse); :generateContent as JSON
//   GitHub Copilot CLI POST /v1/chat/completions                           Chat Completions, SSE (fakeModel.mjs)
//
// A Turn is fakeAnthropic's: { text } or { toolUses: [{ name, input, id? }] }. Each answer(res, body,
// turn) writes the turn in its API's shape; agentTurn(body) says whether the request offers tools.
import { answerChatCompletion } from './fakeModel.mjs';

let nextId = 0;

const inputText = (input) => (typeof input === 'string' ? input : JSON.stringify(input ?? {}));

/** Which API a request path belongs to, or undefined. */
export function agentApi(path, method) {
  if (method !== 'POST') return undefined;
  if (path === '/v1/responses') return RESPONSES;
  if (/^\/v1(beta)?\/models\/[^/]+:(stream)?[gG]enerateContent$/.test(path)) return GEMINI;
  if (/^\/v1beta\/models\/[^/]+:countTokens$/.test(path)) return GEMINI_COUNT;
  if (path === '/v1/chat/completions') return CHAT;
  return undefined;
}

/** Codex: the Responses API. Tools are `tools[]` (a namespace entry holds an MCP server's tools). */
const RESPONSES = {
  name: 'responses',
  agentTurn: (body) => Array.isArray(body.tools) && body.tools.length > 0,
  answer(res, body, turn) {
    const id = `resp_fake_${++nextId}`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
    send({ type: 'response.created', response: { id, object: 'response', status: 'in_progress', output: [] } });
    const items = turn.toolUses
      ? turn.toolUses.map((use) => {
          // A namespaced tool is called by its name inside the namespace: `ns/name` in the script.
          const [namespace, name] = use.name.includes('/') ? use.name.split('/') : [undefined, use.name];
          return {
            type: 'function_call',
            id: `fc_fake_${++nextId}`,
            call_id: use.id ?? `call_fake_${nextId}`,
            name,
            ...(namespace ? { namespace } : {}),
            arguments: inputText(use.input),
            status: 'completed',
          };
        })
      : [
          {
            type: 'message',
            id: `msg_fake_${++nextId}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: turn.text, annotations: [] }],
          },
        ];
    items.forEach((item, output_index) => {
      send({ type: 'response.output_item.added', output_index, item });
      if (item.type === 'message') send({ type: 'response.output_text.delta', output_index, item_id: item.id, content_index: 0, delta: turn.text });
      send({ type: 'response.output_item.done', output_index, item });
    });
    const usage = {
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 15,
    };
    send({ type: 'response.completed', response: { id, object: 'response', status: 'completed', output: items, usage } });
    res.end();
  },
};

/** Gemini: generateContent, streamed as SSE when the path says so. Tools are `tools[].functionDeclarations`. */
const GEMINI = {
  name: 'gemini',
  agentTurn: (body) => Array.isArray(body.tools) && body.tools.some((t) => (t.functionDeclarations ?? []).length > 0),
  answer(res, body, turn, path) {
    const parts = turn.toolUses ? turn.toolUses.map((use) => ({ functionCall: { name: use.name, args: use.input ?? {} } })) : [{ text: turn.text }];
    const chunk = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-2.5-pro',
      responseId: `gem_fake_${++nextId}`,
    };
    if (!path.endsWith(':streamGenerateContent')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(chunk));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    res.end();
  },
};

const GEMINI_COUNT = {
  name: 'gemini-count',
  agentTurn: () => false,
  answer(res) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ totalTokens: 10 }));
  },
  utilityOnly: true,
};

/** Copilot CLI: Chat Completions, fakeModel.mjs's answer with the turn's tool uses as tool calls. */
const CHAT = {
  name: 'chat',
  agentTurn: (body) => Array.isArray(body.tools) && body.tools.length > 0,
  answer(res, body, turn) {
    answerChatCompletion(res, body, turn.toolUses ? { toolCalls: turn.toolUses.map((u) => ({ name: u.name, arguments: u.input, id: u.id })) } : turn);
  },
};
