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

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 120_000, color: false });
  const grep = process.env.LSP_TOOL_TEST_GREP;
  if (grep) mocha.grep(grep);
  const dir = __dirname;
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  }
  const records: TestRecord[] = [];
  const resultsFile = process.env.LSP_TOOL_TEST_RESULTS;
  const report = (done: boolean): void => {
    const payload = JSON.stringify({ done, records });
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
