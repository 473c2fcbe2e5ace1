// Mocha entry for the web-worker extension host: the runner (test/host/webTests.mjs) bundles it with
// setup.ts and the integration test files into one script. A web worker has no process.env and no
// file system, so the run's settings are baked into the bundle and the results leave through the
// page's console, in the record the Node entry writes to a file.
import { testEnv } from '../integration/helpers';
import { runRecorded, type Results } from '../integration/record';

export function run(): Promise<void> {
  const grep = testEnv('LSP_TOOL_TEST_GREP');
  if (grep) mocha.grep(grep);
  if (testEnv('LSP_TOOL_TEST_GREP_INVERT') === '1') mocha.invert();
  const report = (results: Results): void => console.log(`LSP_TOOL_TEST_RESULTS ${JSON.stringify(results)}`);
  return runRecorded((done) => mocha.run(done), report);
}
