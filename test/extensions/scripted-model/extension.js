// @ts-check
// Test-only chat model: always answers the same text. It never calls tools: @lsp does not need a model.
const vscode = require('vscode');

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('lsp-test', {
      provideLanguageModelChatInformation: async () => [
        { id: 'scripted', name: 'Scripted', family: 'scripted', version: '1', maxInputTokens: 100000, maxOutputTokens: 1000, capabilities: { toolCalling: true } },
      ],
      provideLanguageModelChatResponse: async (_model, _messages, _options, progress) => {
        progress.report(new vscode.LanguageModelTextPart('scripted reply'));
      },
      provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 1),
    }),
  );
}

module.exports = { activate };
