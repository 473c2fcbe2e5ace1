// Runs one integration suite by label (e.g. `node scripts/run-suite.mjs "node host"`), for focused work.
// Optional: LSP_TOOL_TEST_GREP narrows the tests further.
import { runSuite, SUITES } from '../test/host/suites.mjs';
import { printRecords, runIntegration } from '../test/host/run.mjs';
import { runCleanups, sharedBrowser } from '../test/host/host.mjs';

const label = process.argv[2] ?? 'node host';
const suite = SUITES.find((s) => s.label === label);
if (!suite) {
  console.error(`no suite "${label}"; suites: ${SUITES.map((s) => s.label).join(', ')}`);
  process.exit(2);
}
let code;
try {
  if (suite.run) {
    // A suite that drives the workbench from outside (npm start's first run).
    const browser = sharedBrowser();
    const { passed, failed } = await runSuite(suite, browser).finally(() => browser.close());
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
  }
  const folder = typeof suite.folder === 'function' ? suite.folder() : suite.folder;
  const env = process.env.LSP_TOOL_TEST_GREP ? { ...suite.env, LSP_TOOL_TEST_GREP: process.env.LSP_TOOL_TEST_GREP, LSP_TOOL_TEST_GREP_INVERT: '' } : suite.env;
  const { passed, failed } = printRecords(await runIntegration({ ...suite, folder, env }), suite.label);
  console.log(`${passed} passed, ${failed} failed`);
  code = failed === 0 && passed > 0 ? 0 : 1;
} finally {
  await runCleanups();
}
process.exit(code);
