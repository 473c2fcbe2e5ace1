// Runs one integration suite by label (e.g. `node scripts/run-suite.mjs "node host"`), for focused work,
// as `npm test` runs it: its preparation (test extensions, the packaged VSIX) included.
// Optional: LSP_TOOL_TEST_GREP narrows the tests further.
import { runSuite, SUITES } from '../test/host/suites.mjs';
import { sharedBrowser } from '../test/host/host.mjs';

const label = process.argv[2] ?? 'node host';
const found = SUITES.find((s) => s.label === label);
if (!found) {
  console.error(`no suite "${label}"; suites: ${SUITES.map((s) => s.label).join(', ')}`);
  process.exit(2);
}
const grep = process.env.LSP_TOOL_TEST_GREP;
const suite = grep ? { ...found, env: { ...found.env, LSP_TOOL_TEST_GREP: grep, LSP_TOOL_TEST_GREP_INVERT: '' } } : found;
const browser = sharedBrowser();
const { passed, failed } = await runSuite(suite, browser).finally(() => browser.close());
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
