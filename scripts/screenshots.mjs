// `npm run screenshots`: regenerates the README's images from the real UI, by running the
// integration tests that take them, then copying the PNGs into docs/images/.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { printRecords, runIntegration } from '../test/host/run.mjs';
import { runCleanups } from '../test/host/host.mjs';
import { SUITES } from '../test/host/suites.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
for (const args of [['esbuild.mjs'], [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json']]) {
  const r = spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const suite = SUITES[0];
// tool-call.png: the real Copilot Chat agent's step (test/integration/copilot.test.ts).
const copilot = SUITES.find((s) => s.copilot && s.vscodeVersion === '1.139.1');
// card-agent.png: the card showing the real Claude Code CLI's query (test/integration/claudeCode.test.ts).
const claude = SUITES.find((s) => s.claudeCode);
let failed = 0;
try {
  const records = await runIntegration({
    ...suite,
    env: { ...suite.env, LSP_TOOL_TEST_GREP: 'fills the card|streams the locations|hands the locations over', LSP_TOOL_TEST_GREP_INVERT: '0' },
  });
  failed += printRecords(records, 'screenshots').failed;
} finally {
  await runCleanups();
}
try {
  const records = await runIntegration({ ...copilot, env: { ...copilot.env, LSP_TOOL_TEST_GREP: '@copilot.*a scripted findReferences' } });
  failed += printRecords(records, 'screenshots').failed;
} finally {
  await runCleanups();
}
try {
  const records = await runIntegration({ ...claude, env: { ...claude.env, LSP_TOOL_TEST_GREP: '@claude.*calls findReferences' } });
  failed += printRecords(records, 'screenshots').failed;
} finally {
  await runCleanups();
}
if (failed) process.exit(1);
const from = join(repo, 'test-results', 'node-host');
const to = join(repo, 'docs', 'images');
mkdirSync(to, { recursive: true });
for (const name of ['card', 'chat', 'references-view']) {
  copyFileSync(join(from, `${name}.png`), join(to, `${name}.png`));
  console.log(`docs/images/${name}.png`);
}
copyFileSync(join(repo, 'test-results', copilot.label.replace(/[^a-z0-9]+/gi, '-'), 'tool-call.png'), join(to, 'tool-call.png'));
console.log('docs/images/tool-call.png');
copyFileSync(join(repo, 'test-results', claude.label.replace(/[^a-z0-9]+/gi, '-'), 'card-agent.png'), join(to, 'card-agent.png'));
console.log('docs/images/card-agent.png');
