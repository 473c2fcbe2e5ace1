// `npm test`: lint, type check, unit tests (plain Node), integration tests (real VS Code), in that order.
// The last line is `N passed, N failed` over unit and integration tests together.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
process.chdir(repo);
const started = Date.now();
let passed = 0;
let failed = 0;

function step(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: repo });
  if (r.status !== 0) {
    console.log(`✖ ${name} failed`);
    failed++;
    return false;
  }
  return true;
}

function finish() {
  console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)}s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

const npx = (bin, args) => [join(repo, 'node_modules', '.bin', bin), args];
if (!step('format (prettier --check)', ...npx('prettier', ['--check', '.']))) finish();
if (!step('lint', ...npx('eslint', ['.']))) finish();
if (!step('layers (dependency-cruiser)', ...npx('depcruise', ['src', '--config', '.dependency-cruiser.cjs']))) finish();
if (!step('type check', ...npx('tsc', ['-p', 'tsconfig.json', '--noEmit']))) finish();
if (!step("type check the card's webview script (DOM lib)", ...npx('tsc', ['-p', 'tsconfig.webview.json']))) finish();
// From nothing: a module moved into a folder of its name would be shadowed by its old output.
rmSync(join(repo, 'out'), { recursive: true, force: true });
if (!step('compile tests', ...npx('tsc', ['-p', 'tsconfig.test.json']))) finish();
if (!step('bundle', process.execPath, ['esbuild.mjs'])) finish();

console.log('\n▶ unit tests (mocha, plain Node)');
const mocha = new Mocha({ reporter: 'spec', timeout: 20000 });
const unitDir = join(repo, 'out', 'test', 'unit');
for (const f of readdirSync(unitDir).sort()) if (f.endsWith('.test.js')) mocha.addFile(join(unitDir, f));
await mocha.loadFilesAsync();
await new Promise((done) => {
  const runner = mocha.run(() => done());
  runner.on('pass', () => passed++);
  runner.on('fail', () => failed++);
});

console.log('\n▶ integration tests (real VS Code server + Chromium + tsserver)');
const { runAllIntegration } = await import('../test/host/suites.mjs');
try {
  const totals = await runAllIntegration();
  passed += totals.passed;
  failed += totals.failed;
} catch (err) {
  console.error(err);
  failed++;
}
finish();
