// @ts-check
// Test-only chat model and agent. The model answers a fixed text; when it is offered the `lsp` tool
// and the prompt names a `path:line:character`, it first calls the tool there (findReferences),
// then reports the first line of what the tool returned. The `@scripted` participant is the agent
// loop around it: the tools the prompt references with `#`, the model's calls run through
// vscode.lm.invokeTool with the request's token, so the chat view shows each call.
const vscode = require('vscode');

const POSITION = /([\w./-]+\.\w+):(\d+):(\d+)/;

/** @param {readonly vscode.LanguageModelChatRequestMessage[]} messages */
function lastToolResult(messages) {
  for (const message of [...messages].reverse()) {
    for (const part of message.content) {
      if (part instanceof vscode.LanguageModelToolResultPart) {
        return part.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      }
    }
  }
  return undefined;
}

/** @param {readonly vscode.LanguageModelChatRequestMessage[]} messages */
function promptText(messages) {
  return messages
    .flatMap((m) => m.content)
    .map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''))
    .join('\n');
}

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('lsp-test', {
      provideLanguageModelChatInformation: async () => [
        {
          id: 'scripted',
          name: 'Scripted',
          family: 'scripted',
          version: '1',
          maxInputTokens: 100000,
          maxOutputTokens: 1000,
          capabilities: { toolCalling: true },
        },
      ],
      provideLanguageModelChatResponse: async (_model, messages, options, progress) => {
        const toolResult = lastToolResult(messages);
        const position = POSITION.exec(promptText(messages));
        if (toolResult !== undefined) {
          progress.report(
            new vscode.LanguageModelTextPart(`The lsp tool answered ${toolResult.split('\n').length} lines; the first: ${toolResult.split('\n')[0]}`),
          );
        } else if (position && options.tools?.some((t) => t.name === 'lsp')) {
          const input = { operation: 'findReferences', file_path: position[1], line: Number(position[2]), character: Number(position[3]) };
          progress.report(new vscode.LanguageModelToolCallPart('call-1', 'lsp', input));
        } else {
          progress.report(new vscode.LanguageModelTextPart('scripted reply'));
        }
      },
      provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 1),
    }),
    vscode.chat.createChatParticipant('scriptedAgent', async (request, _context, stream, token) => {
      const tools = vscode.lm.tools.filter((t) => request.toolReferences.some((r) => r.name === t.name));
      const messages = [vscode.LanguageModelChatMessage.User(request.prompt)];
      for (let round = 0; round < 3; round++) {
        const response = await request.model.sendRequest(messages, { tools }, token);
        /** @type {vscode.LanguageModelToolCallPart[]} */
        const calls = [];
        for await (const part of response.stream) {
          if (part instanceof vscode.LanguageModelTextPart) stream.markdown(part.value);
          else if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
        }
        if (calls.length === 0) return {};
        messages.push(vscode.LanguageModelChatMessage.Assistant(calls));
        for (const call of calls) {
          const result = await vscode.lm.invokeTool(call.name, { input: call.input, toolInvocationToken: request.toolInvocationToken }, token);
          messages.push(vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call.callId, result.content)]));
        }
      }
      return {};
    }),
  );
}

module.exports = { activate };
