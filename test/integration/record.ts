// The results record both test entries (Node host: index.ts, web worker: the bundle test/host/webTests.mjs builds) report,
// in the shape test/host/run.mjs reads: { done, records, measurements }.
import type * as Mocha from 'mocha';

export interface TestRecord {
  title: string;
  state: 'passed' | 'failed';
  durationMs: number;
  error?: string;
}

export interface Results {
  done: boolean;
  records: TestRecord[];
  measurements: string[];
}

/** Numbers a test measured, printed by the runner after the results. */
const measurements: string[] = [];
export function measure(line: string): void {
  measurements.push(line);
}
(globalThis as { __lspToolMeasure?: (line: string) => void }).__lspToolMeasure = measure;

/** Records every pass and failure of `runner`, calling `report` after each and once more at the end. */
export function record(runner: Mocha.Runner, report: (results: Results) => void): { records: TestRecord[]; finish: () => void } {
  const records: TestRecord[] = [];
  runner.on('pass', (test) => {
    records.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 });
    report({ done: false, records, measurements });
  });
  runner.on('fail', (test, err: Error) => {
    records.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0, error: err.stack ?? String(err) });
    report({ done: false, records, measurements });
  });
  return { records, finish: () => report({ done: true, records, measurements }) };
}

/** Runs mocha with `record`, settling when it ends: rejects when a test failed, or when mocha could not start. */
export function runRecorded(start: (done: (failures: number) => void) => Mocha.Runner, report: (results: Results) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      let finish = (): void => undefined;
      const runner = start((failures) => {
        finish();
        if (failures > 0) reject(new Error(`${failures} integration tests failed`));
        else resolve();
      });
      ({ finish } = record(runner, report));
    } catch (err) {
      report({ done: true, records: [{ title: 'mocha setup', state: 'failed', durationMs: 0, error: String(err) }], measurements: [] });
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
