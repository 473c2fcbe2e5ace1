// `npm start`: build the VSIX, install it into the offline VS Code server, and serve a real workbench
// on 127.0.0.1 with a demo workspace: a copy of demo/, so that edits made while trying it never land
// in the repository. Runs until Ctrl+C, then removes its temporary folders.
// `npm start -- --copilot`: also a scripted model for the built-in Copilot Chat agent (VS Code 1.139.1),
// replaying a short conversation that calls the lsp tool, with no account and no network.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from '../test/host/provision.mjs';
import { startServer, runCleanups, onCleanup } from '../test/host/host.mjs';
import { COPILOT_MODELS, copilotSupport, writeChatLanguageModels } from '../test/host/copilot.mjs';
import { startFakeModel } from '../test/host/fakeModel.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const vsix = join(repo, `lsp-tool-${version}.vsix`);
const tmpRoot = process.env.TMPDIR ?? '/tmp';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: repo, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with status ${r.status}`);
}

run('npm', ['run', 'package']);
const host = provision();
const extensionsDir = join(tmpRoot, `lsp-tool-start-extensions-${process.pid}`);
mkdirSync(extensionsDir, { recursive: true });
onCleanup(() => rmSync(extensionsDir, { recursive: true, force: true }));
// LSP_TOOL_DEMO_FOLDER: a folder of your own, served as it is; otherwise a fresh copy of demo/.
let demo = process.env.LSP_TOOL_DEMO_FOLDER ? resolve(process.env.LSP_TOOL_DEMO_FOLDER) : undefined;
if (demo === undefined) {
  demo = join(tmpRoot, `lsp-tool-demo-${process.pid}`, 'demo');
  cpSync(join(repo, 'demo'), demo, { recursive: true });
  onCleanup(() => rmSync(dirname(demo), { recursive: true, force: true }));
}
console.log(`Installing ${vsix} into the VS Code server...`);
run(host.node, [host.serverMain, '--install-extension', vsix, '--force', '--extensions-dir', extensionsDir, '--accept-server-license-terms']);

const server = await startServer({ extraArgs: ['--extensions-dir', extensionsDir] });
// The demo conversation, for the default demo workspace (demo/): whatever you ask, the "model"
// looks up orderTotal's references and hover with lsp, then answers.
const DEMO = [
  { toolCalls: [{ name: 'lsp', arguments: { operation: 'findReferences', file_path: 'src/order.ts', line: 19, character: 17 } }] },
  { toolCalls: [{ name: 'lsp', arguments: { operation: 'hover', file_path: 'src/order.ts', line: 19, character: 17 } }] },
  {
    text: '`orderTotal` is declared at src/order.ts:19:17 as `function orderTotal(order: Order): Cents` and used by `checkout` in src/checkout.ts.\n\n(This is a scripted demo model on 127.0.0.1 replaying two `lsp` calls: expand the steps above to see what the tool read and returned.)',
  },
];
const copilot = process.argv.includes('--copilot') || process.env.LSP_TOOL_START_COPILOT ? copilotSupport() : undefined;
if (copilot?.ok) {
  const model = await startFakeModel({ replay: DEMO });
  onCleanup(() => model.close());
  writeChatLanguageModels(join(server.tmp, 'user'), model.modelUrl);
} else if (copilot) {
  console.log(`No Copilot demo: ${copilot.reason}`);
}
// The folder on the same address as the page: on another one, the workbench takes the files for
// outside the workspace (the Explorer never reveals them, the breadcrumbs show the whole path).
const url = `${server.url.replace('localhost', '127.0.0.1')}/?folder=${encodeURIComponent(server.remoteUri(demo).replace('//localhost:', '//127.0.0.1:'))}`;
console.log(
  `\nlsp-tool is running in VS Code ${'1.139.1'} on the demo workspace ${demo}${process.env.LSP_TOOL_DEMO_FOLDER ? '' : ' (a copy of demo/, removed on exit)'}.`,
);
console.log(`Open this URL in a browser on this machine:\n\n  ${url}\n`);
console.log(
  `Try: open src/order.ts, put the cursor on orderTotal, and run "LSP: Find References", or ask @lsp in chat; ${join(demo, 'README.md')} lists more.`,
);
if (copilot?.ok) {
  console.log(`Copilot Chat demo: in the Chat view pick Agent and the model "${COPILOT_MODELS[0].name}", then ask anything;`);
  console.log('the scripted model calls the lsp tool twice and answers. On a browser profile that never set chat up,');
  console.log('VS Code disables the built-in Copilot Chat on first load: enable "GitHub Copilot Chat" in the Extensions view (@builtin copilot) and reload.');
}
console.log('Press Ctrl+C to stop.');
if (process.env.LSP_TOOL_START_PRINT_ONLY) {
  await runCleanups();
  process.exit(0);
}
await new Promise(() => {});
