// Mocha entry for the extension host (code-server's Node host here, or test-electron on desktop).
// Results leave the host through the file named by LSP_TOOL_TEST_RESULTS, or console.log when unset.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { runRecorded, type Results } from './record';

export { measure } from './record';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 120_000, color: false });
  // Each host run picks its suites by tag, e.g. `@empty` for the window with no folder.
  const grep = process.env.LSP_TOOL_TEST_GREP;
  if (grep) mocha.grep(grep);
  if (process.env.LSP_TOOL_TEST_GREP_INVERT === '1') mocha.invert();
  const dir = __dirname;
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  }
  const resultsFile = process.env.LSP_TOOL_TEST_RESULTS;
  const report = (results: Results): void => {
    const payload = JSON.stringify(results);
    if (resultsFile) fs.writeFileSync(resultsFile, payload);
    else console.log(`LSP_TOOL_TEST_RESULTS ${payload}`);
  };
  return runRecorded((done) => mocha.run(done), report);
}
