// renderUri runs in a web worker, so it no longer uses node:path and node:url. Node's own functions
// are the oracle here: the pure versions must give the same answer (or throw) on every input.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { fileUrlToPath } from '../../src/text/portedFileUrl';
import { posixRules, win32Rules } from '../../src/text/portedNodePath';
import { renderUri } from '../../src/text/displayPath';

/** renderUri's outside rules (docs/contract.md §5.4), written with Node's modules. */
function nodeRenderUri(uri: string, workspaceUri: string): string {
  if (!uri.startsWith('file:')) return uri;
  let target: URL;
  let workspace: URL;
  try {
    target = new URL(uri);
    workspace = new URL(workspaceUri);
  } catch {
    return uri;
  }
  if (workspace.protocol !== 'file:') return uri;
  const drive = /^\/[a-z](?::|%3a)/i;
  const workspaceWindows = workspace.host !== '' || drive.test(workspace.pathname);
  const targetWindows = workspaceWindows && (target.host !== '' || drive.test(target.pathname));
  let workspacePath: string;
  let targetPath: string;
  try {
    workspacePath = fileURLToPath(workspace, { windows: workspaceWindows });
    targetPath = fileURLToPath(target, { windows: targetWindows });
  } catch {
    return uri;
  }
  if (workspacePath.includes('\0') || targetPath.includes('\0')) return uri;
  if (workspaceWindows !== targetWindows) return targetPath;
  const rules = workspaceWindows ? path.win32 : path.posix;
  const relative = rules.relative(workspacePath, targetPath);
  let result: string;
  if (relative === '') result = '.';
  else if (relative === '..' || relative.startsWith(`..${rules.sep}`) || rules.isAbsolute(relative)) result = targetPath;
  else result = relative;
  return workspaceWindows ? result.replace(/\\/g, '/') : result;
}

/** Node resolves a bare drive (`C:`) against the process's current directory; the pure version uses `/`. */
function inRootDirectory<T>(work: () => T): T {
  const cwd = process.cwd();
  process.chdir('/');
  try {
    return work();
  } finally {
    process.chdir(cwd);
  }
}

function outcome(work: () => string): string {
  try {
    return `ok ${work()}`;
  } catch (err) {
    return `throws ${(err as Error).name}`;
  }
}

// Pieces chosen to reach every branch: case (ASCII, and Unicode whose lower case changes length),
// escapes (encoded separators, NUL, bad escapes), dot segments, drives and UNC hosts.
const segment = fc.constantFrom(
  'src',
  'SRC',
  'Src',
  'a.ts',
  'A.ts',
  'proj',
  'Proj',
  'u',
  'home',
  '..generated',
  '...',
  '.',
  '..',
  '',
  'a b',
  'a%20b',
  '%E2%82%AC',
  '%23',
  '%2F',
  '%2f',
  '%5C',
  '%5c',
  '%00',
  '%ZZ',
  '%',
  'İ',
  'ß',
  'ǅ',
  'Σ',
  'x:y',
  'C:',
  'c%3A',
  '%2e%2e',
  'share',
  'Share',
);
const pathPart = fc.array(segment, { maxLength: 5 }).map((parts) => parts.join('/'));
const host = fc.constantFrom('', '', '', 'server', 'SERVER', 'other', 'xn--nxasmq6b', 'localhost', '127.0.0.1', '[::1]', 'a..b');
const drive = fc.constantFrom('', '', 'C:/', 'c:/', 'D:/', 'c%3A/', 'C%3a/', 'z:/');
const trailing = fc.constantFrom('', '', '/', '//', '?q=1', '#frag');
const fileUri = fc.tuple(host, drive, pathPart, trailing).map(([h, d, p, t]) => `file://${h}/${d}${p}${t}`);
const anyUri = fc.oneof(fileUri, fileUri, fc.constantFrom('FILE:///a.ts', 'untitled:1', 'https://example.com/a', 'file://[', 'file:'));

describe('renderUri without Node modules', () => {
  it('equals a Node-based implementation of docs/contract.md §5.4 on generated URIs', () => {
    inRootDirectory(() =>
      fc.assert(
        fc.property(anyUri, fileUri, (uri, workspace) => {
          assert.equal(renderUri(uri, workspace), nodeRenderUri(uri, workspace), `renderUri(${uri}, ${workspace})`);
        }),
        { numRuns: 20_000 },
      ),
    );
  });

  it('equals it when the target shares the workspace prefix', () => {
    const related = fc.tuple(fileUri, pathPart, fc.constantFrom(false, true)).map(([ws, tail, upper]) => {
      const target = `${ws.replace(/[?#].*$/, '').replace(/\/+$/, '')}/${tail}`;
      return [upper ? target.toUpperCase().replace(/^FILE:/, 'file:') : target, ws] as const;
    });
    inRootDirectory(() =>
      fc.assert(
        fc.property(related, ([uri, workspace]) => {
          assert.equal(renderUri(uri, workspace), nodeRenderUri(uri, workspace), `renderUri(${uri}, ${workspace})`);
        }),
        { numRuns: 20_000 },
      ),
    );
  });

  it('fileUrlToPath throws where fileURLToPath throws, and returns the same path otherwise', () => {
    fc.assert(
      fc.property(fileUri, fc.boolean(), (uri, windows) => {
        const url = new URL(uri);
        assert.equal(
          outcome(() => fileUrlToPath(url, windows)),
          outcome(() => fileURLToPath(url, { windows })),
          `${uri} windows=${windows}`,
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it('path rules equal path.posix and path.win32 on absolute paths', () => {
    const posixPath = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
    const win32Path = fc
      .tuple(
        fc.constantFrom('C:\\', 'c:\\', 'D:\\', '\\\\server\\share\\', '\\\\SERVER\\Share\\', '\\\\server\\', '\\\\.\\dev\\', 'C:', '\\'),
        fc.array(segment, { maxLength: 6 }),
      )
      .map(([root, parts]) => `${root}${parts.join('\\')}`);
    inRootDirectory(() => {
      fc.assert(
        fc.property(posixPath, posixPath, (from, to) => {
          assert.equal(posixRules.relative(from, to), path.posix.relative(from, to), `posix ${from} -> ${to}`);
          assert.equal(posixRules.isAbsolute(to), path.posix.isAbsolute(to));
        }),
        { numRuns: 20_000 },
      );
      fc.assert(
        fc.property(win32Path, win32Path, (from, to) => {
          assert.equal(win32Rules.relative(from, to), path.win32.relative(from, to), `win32 ${from} -> ${to}`);
          assert.equal(win32Rules.isAbsolute(to), path.win32.isAbsolute(to));
        }),
        { numRuns: 20_000 },
      );
    });
  });
});
