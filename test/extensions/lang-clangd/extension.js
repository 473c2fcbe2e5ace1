// Debian's clangd over stdio, as vscode-clangd starts it with its default settings (no arguments).
// vscode-languageclient is bundled in (test/host/languages.mjs), so its providers count as this extension's.
let client;

exports.activate = async function activate() {
  const { LanguageClient } = require('vscode-languageclient/node');
  const server = { command: process.env.LSP_TOOL_CLANGD || 'clangd', args: [] };
  client = new LanguageClient('clangd', 'clangd (test)', server, {
    documentSelector: ['c', 'cpp', 'cuda-cpp', 'objective-c', 'objective-cpp'].map((language) => ({ scheme: 'file', language })),
    initializationOptions: { clangdFileStatus: true, fallbackFlags: [] },
  });
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
