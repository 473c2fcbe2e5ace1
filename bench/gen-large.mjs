// Generates the benchmark's large TypeScript project, deterministically from a seed:
// ~2,000 files, one symbol (`hub`) with 10,000+ references, a deep interface/implementation
// chain, and long lines. Written into the host cache, never committed.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LARGE = { seed: 20261130, files: 2000, chainDepth: 24, layout: 2 };

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateLarge(root) {
  const done = join(root, '.complete');
  if (existsSync(done)) return root;
  const tmp = `${root}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const random = mulberry32(LARGE.seed);
  const write = (rel, text) => {
    const file = join(tmp, rel);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, noEmit: true }, include: ['src/**/*.ts'] }, null, 2),
  );
  write('src/core/hub.ts', 'export function hub(value: number): number {\n  return value + 1;\n}\n');
  // A deep chain: I0 <- I1 <- ... and one class per level implementing it.
  const chain = ['export interface I0 {\n  run(input: number): number;\n}\n'];
  for (let level = 1; level < LARGE.chainDepth; level++) chain.push(`export interface I${level} extends I${level - 1} {\n  step${level}(): void;\n}\n`);
  write('src/chain/interfaces.ts', chain.join('\n'));
  for (let level = 0; level < LARGE.chainDepth; level++) {
    const steps = Array.from({ length: level }, (_, k) => `  step${k + 1}(): void {}\n`).join('');
    write(
      `src/chain/impl${level}.ts`,
      `import { I${level} } from './interfaces';\nimport { hub } from '../core/hub';\n\nexport class Impl${level} implements I${level} {\n  run(input: number): number {\n    return hub(input) * ${level + 1};\n  }\n${steps}}\n`,
    );
  }
  let references = 1 + LARGE.chainDepth;
  for (let i = 0; i < LARGE.files; i++) {
    const calls = 4 + Math.floor(random() * 4);
    references += calls + 1;
    const body = Array.from({ length: calls }, (_, k) => `  total += hub(${k} + seed);`).join('\n');
    let text = `import { hub } from '../core/hub';\n\nexport function work${i}(seed: number): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
    if (i % 50 === 0) {
      // A long line (several thousand characters) with many references on it.
      const terms = Array.from({ length: 200 }, (_, k) => `hub(${k})`).join(' + ');
      text += `\nexport const longLine${i} = ${terms};\n`;
      references += 200;
    }
    write(`src/m${Math.floor(i / 100)}/f${i}.ts`, text);
  }
  writeFileSync(join(tmp, '.complete'), JSON.stringify({ ...LARGE, references }));
  rmSync(root, { recursive: true, force: true });
  renameSync(tmp, root);
  return root;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(generateLarge(process.argv[2] ?? '/tmp/lsp-tool-large'));
