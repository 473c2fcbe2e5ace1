// TypeScript 7's language server (`tsgo --lsp --stdio`, the pinned npm @typescript/native-preview in
// the test host cache: LSP_TOOL_TSGO) over stdio, as the native preview's extension starts it: a
// pull-diagnostics language client for the four TypeScript and JavaScript languages.
// vscode-languageclient is bundled in (test/host/languages.mjs), so its providers count as this extension's.
let client;

exports.activate = async function activate() {
  const { LanguageClient } = require('vscode-languageclient/node');
  const command = process.env.LSP_TOOL_TSGO;
  if (!command) throw new Error('LSP_TOOL_TSGO (the tsgo binary) is not set');
  const server = { command, args: ['--lsp', '--stdio'] };
  client = new LanguageClient('tsgo', 'TypeScript 7 (test)', server, {
    documentSelector: ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'].map((language) => ({ scheme: 'file', language })),
  });
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
