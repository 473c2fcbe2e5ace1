// Every integration suite npm test runs, each in a fresh VS Code server.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printRecords, runIntegration } from './run.mjs';
import { runCleanups } from './host.mjs';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const SUITES = [
  {
    label: 'node host',
    workspace: join(repo, 'test', 'fixtures', 'multi.code-workspace'),
    testExtensions: [join(repo, 'test', 'extensions', 'fault-provider')],
    testsEntry: join(repo, 'out', 'test', 'integration', 'index.js'),
  },
];

export async function runAllIntegration() {
  let passed = 0;
  let failed = 0;
  for (const suite of SUITES) {
    const t0 = Date.now();
    try {
      const records = await runIntegration(suite);
      const r = printRecords(records, suite.label);
      passed += r.passed;
      failed += r.failed;
    } finally {
      await runCleanups();
    }
    console.log(`  (${suite.label}: ${((Date.now() - t0) / 1000).toFixed(0)}s)`);
  }
  return { passed, failed };
}
