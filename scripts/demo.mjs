// What `npm start` serves (scripts/start.mjs), as a function a test can start too (test/host/start.mjs
// drives it in Chromium): the VSIX installed into the offline VS Code server, a workbench on
// 127.0.0.1 on a copy of demo/, and a scripted chat model on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installExtensions, startServer, onCleanup } from '../test/host/host.mjs';
import { copilotSupport, writeChatLanguageModels } from '../test/host/copilot.mjs';
import { startFakeModel } from '../test/host/fakeModel.mjs';

export const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const VSCODE_VERSION = '1.139.1';

// The demo conversation, for the default demo workspace (demo/): whatever you ask, the "model"
// looks up orderTotal's references and hover with lsp, then answers.
export const DEMO_REPLAY = [
  { toolCalls: [{ name: 'lsp', arguments: { operation: 'findReferences', file_path: 'src/order.ts', line: 19, character: 17 } }] },
  { toolCalls: [{ name: 'lsp', arguments: { operation: 'hover', file_path: 'src/order.ts', line: 19, character: 17 } }] },
  {
    text: '`orderTotal` is declared at src/order.ts:19:17 as `function orderTotal(order: Order): Cents` and used by `checkout` in src/checkout.ts.\n\n(This is a scripted demo model on 127.0.0.1 replaying two `lsp` calls: expand the steps above to see what the tool read and returned.)',
  },
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: repo, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with status ${r.status}`);
}

/** `vsce package` as `npm run package` does it; returns the VSIX. */
export function packageDemoVsix(opts = {}) {
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  run('npm', ['run', 'package'], opts);
  return join(repo, `lsp-tool-${version}.vsix`);
}

/**
 * Starts the demo: installs `vsix`, copies demo/ (unless `demoFolder`), starts the server and the
 * scripted model. Everything it starts is removed by host.mjs's cleanups (runCleanups).
 * @param {{ vsix: string, demoFolder?: string, log?: (s: string) => void, quiet?: boolean }} options
 */
export async function startDemo({ vsix, demoFolder, log, quiet = false }) {
  const tmpRoot = process.env.TMPDIR ?? '/tmp';
  let demo = demoFolder ? resolve(demoFolder) : undefined;
  if (demo === undefined) {
    demo = join(tmpRoot, `lsp-tool-demo-${process.pid}-${Date.now()}`, 'demo');
    cpSync(join(repo, 'demo'), demo, { recursive: true });
    const copy = dirname(demo);
    onCleanup(() => rmSync(copy, { recursive: true, force: true }));
  }
  if (!quiet) console.log(`Installing ${vsix} and the demo setup (scripts/demo-extension) into the VS Code server...`);
  // The demo setup extension: on a profile's first load, Copilot Chat (and so the model) back on, and the walkthrough.
  const extensionsDir = installExtensions([join(repo, 'scripts', 'demo-extension')], [vsix], VSCODE_VERSION);
  const server = await startServer({
    vscodeVersion: VSCODE_VERSION,
    extraArgs: ['--extensions-dir', extensionsDir],
    log,
  });
  const support = copilotSupport(VSCODE_VERSION);
  let model;
  if (support.ok) {
    model = await startFakeModel({ replay: DEMO_REPLAY, log });
    onCleanup(() => model.close());
    writeChatLanguageModels(join(server.tmp, 'user'), model.modelUrl);
  }
  // The folder on the same address as the page: on another one, the workbench takes the files for
  // outside the workspace (the Explorer never reveals them, the breadcrumbs show the whole path).
  const origin = server.url.replace('localhost', '127.0.0.1');
  const url = `${origin}/?folder=${encodeURIComponent(server.remoteUri(demo).replace('//localhost:', '//127.0.0.1:'))}`;
  return { url, demo, server, model, modelReason: support.ok ? undefined : support.reason };
}
