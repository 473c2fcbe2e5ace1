// Debian's gopls over stdio (`gopls -mode=stdio`, as vscode-go starts it). Offline: no module proxy.
// vscode-languageclient is bundled in (test/host/languages.mjs), so its providers count as this extension's.
let client;

exports.activate = async function activate() {
  const { LanguageClient } = require('vscode-languageclient/node');
  const env = { ...process.env, GOPROXY: process.env.GOPROXY || 'off', GOFLAGS: process.env.GOFLAGS || '-mod=mod' };
  const server = { command: process.env.LSP_TOOL_GOPLS || 'gopls', args: ['-mode=stdio'], options: { env } };
  client = new LanguageClient('gopls', 'gopls (test)', server, {
    documentSelector: ['go', 'go.mod', 'go.sum', 'go.work', 'gotmpl'].map((language) => ({ scheme: 'file', language })),
  });
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
