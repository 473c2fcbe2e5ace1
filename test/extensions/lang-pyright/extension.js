// pyright's language server over IPC, as basedpyright's extension starts it; the server module is
// the pinned npm pyright in the test host cache (LSP_TOOL_PYRIGHT), the client the repo's pinned one,
// bundled in (test/host/languages.mjs) so VS Code counts its providers as this extension's.
let client;

exports.activate = async function activate() {
  const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
  const serverModule = process.env.LSP_TOOL_PYRIGHT;
  if (!serverModule) throw new Error("LSP_TOOL_PYRIGHT (pyright's langserver.index.js) is not set");
  const run = { module: serverModule, transport: TransportKind.ipc };
  client = new LanguageClient(
    'pyright',
    'Pyright (test)',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        { scheme: 'untitled', language: 'python' },
      ],
      synchronize: { configurationSection: ['python', 'pyright'] },
    },
  );
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
