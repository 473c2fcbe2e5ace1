// A real TypeScript codebase for readiness tests and benchmarks: rxjs's published sources, unpacked
// from the npm registry into the host cache (never committed).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheRoot } from './provision.mjs';

export const RXJS_VERSION = '7.8.2';

export function ensureRxjs() {
  const dir = join(cacheRoot(), `rxjs-${RXJS_VERSION}`);
  const project = join(dir, 'package');
  if (existsSync(join(dir, '.complete'))) return project;
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  process.stderr.write(`[host] fetching rxjs@${RXJS_VERSION} sources from the npm registry (one time)\n`);
  const tarball = execFileSync('npm', ['pack', `rxjs@${RXJS_VERSION}`, '--silent'], { cwd: tmp, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', tarball], { cwd: tmp });
  rmSync(join(tmp, tarball));
  writeFileSync(join(tmp, '.complete'), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return project;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureRxjs());
