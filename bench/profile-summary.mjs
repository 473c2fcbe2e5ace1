// `node bench/profile-summary.mjs FILE.cpuprofile [N]`: where a V8 CPU profile (the benchmark's
// LSP_TOOL_BENCH_PROFILE output, extension host or workbench page) spent its time: idle and
// garbage collection, self time by script, and the N functions with the most self time.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [file, top = '15'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const totalMs = [...selfMs.values()].reduce((a, b) => a + b, 0);

const functions = new Map();
const scripts = new Map();
for (const [id, ms] of selfMs) {
  const { callFrame } = byId.get(id);
  const script = callFrame.url ? basename(callFrame.url.split('?')[0]) : callFrame.functionName || '(native)';
  const name = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + ms);
  scripts.set(script, (scripts.get(script) ?? 0) + ms);
}
const pct = (ms) => `${((ms / totalMs) * 100).toFixed(1)} %`;
const rows = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `  ${ms.toFixed(1).padStart(9)} ms  ${pct(ms).padStart(7)}  ${k}`);
console.log(`${file}: ${totalMs.toFixed(0)} ms sampled`);
console.log('by script (self time):');
console.log(rows(scripts, 10).join('\n'));
console.log(`top ${top} functions (self time):`);
console.log(rows(functions, Number(top)).join('\n'));
