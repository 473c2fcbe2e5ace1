// Mocha entry for the extension host (code-server's Node host here, or test-electron on desktop).
// Results leave the host through the file named by LSP_TOOL_TEST_RESULTS, or console.log when unset.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

interface TestRecord {
  title: string;
  state: 'passed' | 'failed';
  durationMs: number;
  error?: string;
}

/** Numbers a test measured, printed by the runner after the results. */
const measurements: string[] = [];
export function measure(line: string): void {
  measurements.push(line);
}
(globalThis as { __lspToolMeasure?: (line: string) => void }).__lspToolMeasure = measure;

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
  const records: TestRecord[] = [];
  const resultsFile = process.env.LSP_TOOL_TEST_RESULTS;
  const report = (done: boolean): void => {
    const payload = JSON.stringify({ done, records, measurements });
    if (resultsFile) fs.writeFileSync(resultsFile, payload);
    else console.log(`LSP_TOOL_TEST_RESULTS ${payload}`);
  };
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        report(true);
        if (failures > 0) reject(new Error(`${failures} integration tests failed`));
        else resolve();
      });
      runner.on('pass', (test) => {
        records.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 });
        report(false);
      });
      runner.on('fail', (test, err: Error) => {
        records.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0, error: err.stack ?? String(err) });
        report(false);
      });
    } catch (err) {
      records.push({ title: 'mocha setup', state: 'failed', durationMs: 0, error: String(err) });
      report(true);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
