// `npm start`: build the VSIX, install it into the offline VS Code server, and serve a real workbench
// on 127.0.0.1 with a demo workspace. Runs until Ctrl+C.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from '../test/host/provision.mjs';
import { startServer, runCleanups } from '../test/host/host.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const vsix = join(repo, `lsp-tool-${version}.vsix`);
const demo = resolve(process.env.LSP_TOOL_DEMO_FOLDER ?? join(repo, 'test', 'fixtures', 'basic'));

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: repo, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with status ${r.status}`);
}

run('npm', ['run', 'package']);
const host = provision();
const extensionsDir = join(process.env.TMPDIR ?? '/tmp', `lsp-tool-start-extensions-${process.pid}`);
mkdirSync(extensionsDir, { recursive: true });
console.log(`Installing ${vsix} into the VS Code server...`);
run(host.node, [host.serverMain, '--install-extension', vsix, '--force', '--extensions-dir', extensionsDir, '--accept-server-license-terms']);

const server = await startServer({ extraArgs: ['--extensions-dir', extensionsDir] });
const url = `${server.url.replace('localhost', '127.0.0.1')}/?folder=${encodeURIComponent(server.remoteUri(demo))}`;
console.log(`\nlsp-tool is running in VS Code ${'1.139.1'} on the demo workspace ${demo}.`);
console.log(`Open this URL in a browser on this machine:\n\n  ${url}\n`);
console.log('Try: open src/main.ts, put the cursor on totalArea, and run "LSP: Find References" or ask @lsp in chat.');
console.log('Press Ctrl+C to stop.');
if (process.env.LSP_TOOL_START_PRINT_ONLY) {
  await runCleanups();
  process.exit(0);
}
await new Promise(() => {});
