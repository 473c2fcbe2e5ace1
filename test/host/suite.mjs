// Runs some of npm test's integration suites: those whose label contains the first argument
// (case-insensitive), optionally narrowed to the mocha tests whose title matches the second
// (a regular expression). For development: `node test/host/suite.mjs "node host" "lsp_symbols"`.
import { sharedBrowser } from './host.mjs';
import { runSuite, SUITES } from './suites.mjs';

const [pick = '', grep] = process.argv.slice(2);
const chosen = SUITES.filter((s) => s.label.toLowerCase().includes(pick.toLowerCase()));
if (chosen.length === 0) {
  console.error(`no suite label contains "${pick}"; labels: ${SUITES.map((s) => s.label).join(' | ')}`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
const browser = sharedBrowser();
for (const suite of chosen) {
  // The title filter replaces the suite's own tag filter (tagged tests need their suite's window).
  const env = grep ? { ...suite.env, LSP_TOOL_TEST_GREP: grep, LSP_TOOL_TEST_GREP_INVERT: '' } : suite.env;
  const r = await runSuite({ ...suite, env }, browser);
  passed += r.passed;
  failed += r.failed;
}
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
