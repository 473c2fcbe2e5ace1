// `npm start`: build the VSIX, install it into the offline VS Code server, and serve a real workbench
// on 127.0.0.1 with a demo workspace: a copy of demo/, so that edits made while trying it never land
// in the repository. Runs until Ctrl+C, then removes its temporary folders. The setup itself is
// scripts/demo.mjs (test/host/start.mjs tests it in Chromium).
// Chat works with no account and no network: a scripted model on 127.0.0.1 (test/host/fakeModel.mjs)
// is the built-in Copilot Chat's "Custom Endpoint" model, so @lsp gets the model VS Code requires
// for any chat request, and an agent-mode prompt replays a short conversation that calls the lsp tool.
import { join } from 'node:path';
import { runCleanups } from '../test/host/host.mjs';
import { COPILOT_MODELS } from '../test/host/copilot.mjs';
import { packageDemoVsix, startDemo, VSCODE_VERSION } from './demo.mjs';

if (process.argv.includes('--copilot')) console.log('(--copilot is no longer needed: npm start always brings the scripted chat model.)');
const vsix = packageDemoVsix();
// LSP_TOOL_DEMO_FOLDER: a folder of your own, served as it is; otherwise a fresh copy of demo/.
const own = process.env.LSP_TOOL_DEMO_FOLDER;
const { url, demo, model, modelReason } = await startDemo({ vsix, demoFolder: own });
console.log(`\nlsp-tool is running in VS Code ${VSCODE_VERSION} on the demo workspace ${demo}${own ? '' : ' (a copy of demo/, removed on exit)'}.`);
console.log(`Open this URL in a browser on this machine:\n\n  ${url}\n`);
console.log(`On the first load the page opens ${join(demo, 'README.md')}, what to try, and lsp-tool's walkthrough, a step for every tool.`);
if (model) {
  console.log(`Chat: a scripted model on 127.0.0.1, "${COPILOT_MODELS[0].name}", no account needed. On a browser's first load of this`);
  console.log('address the page turns the built-in GitHub Copilot Chat on (VS Code keeps it off until chat setup, which needs');
  console.log(`an account); once the model picker under the chat input shows "${COPILOT_MODELS[0].name}" (about 10 s), ask:`);
  console.log('  @lsp /references src/order.ts:19:17');
  console.log('or, in Agent mode, anything with #lsp: the scripted model calls the lsp tool twice and answers.');
} else {
  console.log(`No chat model (${modelReason}): VS Code answers every chat request, @lsp included, "Language model unavailable".`);
  console.log('Try the commands instead: open src/order.ts, put the cursor on orderTotal, and run "LSP: Find References".');
}
console.log('Press Ctrl+C to stop.');
if (process.env.LSP_TOOL_START_PRINT_ONLY) {
  await runCleanups();
  process.exit(0);
}
await new Promise(() => {});
