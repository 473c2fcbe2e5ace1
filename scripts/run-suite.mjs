// Runs one integration suite by label (e.g. `node scripts/run-suite.mjs "node host"`), for focused work.
// Optional: LSP_TOOL_TEST_GREP narrows the tests further.
import { SUITES } from '../test/host/suites.mjs';
import { printRecords, runIntegration } from '../test/host/run.mjs';
import { runCleanups } from '../test/host/host.mjs';

const label = process.argv[2] ?? 'node host';
const suite = SUITES.find((s) => s.label === label);
if (!suite) {
  console.error(`no suite "${label}"; suites: ${SUITES.map((s) => s.label).join(', ')}`);
  process.exit(2);
}
let code;
try {
  const folder = typeof suite.folder === 'function' ? suite.folder() : suite.folder;
  const env = process.env.LSP_TOOL_TEST_GREP ? { ...suite.env, LSP_TOOL_TEST_GREP: process.env.LSP_TOOL_TEST_GREP, LSP_TOOL_TEST_GREP_INVERT: '' } : suite.env;
  const { passed, failed } = printRecords(await runIntegration({ ...suite, folder, env }), suite.label);
  console.log(`${passed} passed, ${failed} failed`);
  code = failed === 0 && passed > 0 ? 0 : 1;
} finally {
  await runCleanups();
}
process.exit(code);
