// How a bench part in its own host reports to the runner: its report to LSP_TOOL_BENCH_OUT and one
// record to LSP_TOOL_TEST_RESULTS, a failure included, so the runner never waits for results that
// will not come.
import * as fs from 'node:fs';

function record(title: string, failed?: { error: unknown }): object {
  if (!failed) return { title, state: 'passed', durationMs: 0 };
  const { error } = failed;
  return { title, state: 'failed', durationMs: 0, error: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error) };
}

export async function runBenchPart(title: string, measure: () => Promise<unknown>): Promise<void> {
  const results = process.env.LSP_TOOL_TEST_RESULTS;
  try {
    const report = await measure();
    fs.writeFileSync(process.env.LSP_TOOL_BENCH_OUT!, JSON.stringify(report, null, 2));
    if (results) fs.writeFileSync(results, JSON.stringify({ done: true, records: [record(title)], measurements: [] }));
  } catch (err) {
    if (results) fs.writeFileSync(results, JSON.stringify({ done: true, records: [record(title, { error: err })], measurements: [] }));
    throw err;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median and range of a part's timings. */
export function stat(values: number[]): { median: number; min: number; max: number; runs: number } {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}
