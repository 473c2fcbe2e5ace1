// The edits of "what did my edit break", one per language, and each language's own checker as the
// oracle: shared by the integration tests (languagesReach.test.ts) and the bench (test/bench/reach.ts).
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ReachCase {
  /** The language's key, as the bench names it. */
  key: 'typescript' | 'typescript-operate' | 'typescript7' | 'python' | 'c' | 'go';
  label: string;
  /** The mocha grep that picks its window. */
  tag: string;
  /** The file edited, relative to the workspace folder. */
  file: string;
  /** The declared function's name. */
  name: string;
  /** The declaration as it is, and as the edit leaves it: one more required parameter. */
  from: string;
  to: string;
  /** A folder (relative) that holds some of the broken files, for the folder question. */
  folder: string;
  /** The checker's errors, as `path:line` relative to the workspace folder. */
  check(root: string): Promise<Set<string>>;
  /** Timed by the bench only: npm test's window holds the language's other case. */
  benchOnly?: boolean;
}

const repo = path.resolve(__dirname, '..', '..', '..');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A checker exits non-zero when it finds errors: its output is the answer either way.
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 }, (_err, stdout, stderr) => resolve({ stdout, stderr }));
  });
}

/** Lines `path:line:col: error …` or `path(line,col): error …`, as `path:line` relative to root. */
function errorLines(output: string, root: string, base: string, pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const line of output.split('\n')) {
    const m = pattern.exec(line);
    if (m === null) continue;
    const file = path.relative(root, path.resolve(base, m[1]!));
    if (!file.startsWith('..')) found.add(`${file}:${m[2]}`);
  }
  return found;
}

/** tsc --noEmit over the project, from the TypeScript the tests install. */
async function tscErrors(root: string): Promise<Set<string>> {
  const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  const { stdout } = await run(process.execPath, [tsc, '--noEmit', '--incremental', 'false', '-p', 'tsconfig.json', '--pretty', 'false'], root);
  return errorLines(stdout, root, root, /^(.+?)\((\d+),\d+\): error /);
}

export const CASES: ReachCase[] = [
  {
    key: 'typescript',
    label: 'TypeScript (tsserver, rxjs), against tsc --noEmit',
    tag: '@rxjs',
    file: 'src/internal/util/isFunction.ts',
    name: 'isFunction',
    from: 'export function isFunction(value: any): value is (...args: any[]) => any {',
    to: 'export function isFunction(value: any, lspToolExtra: number): value is (...args: any[]) => any {',
    folder: 'src/internal/observable',
    check: tscErrors,
  },
  {
    // The issue's second rxjs edit: the operators' common helper, used in 69 files.
    key: 'typescript-operate',
    label: 'TypeScript (tsserver, rxjs, operate), against tsc --noEmit',
    tag: '@rxjs',
    file: 'src/internal/util/lift.ts',
    name: 'operate',
    from: '): OperatorFunction<T, R> {',
    to: ', lspToolExtra: number): OperatorFunction<T, R> {',
    folder: 'src/internal/operators',
    check: tscErrors,
    benchOnly: true,
  },
  {
    key: 'typescript7',
    label: 'TypeScript 7 (tsgo --lsp, rxjs), against tsgo --noEmit',
    tag: '@tsgo',
    file: 'src/internal/util/isFunction.ts',
    name: 'isFunction',
    from: 'export function isFunction(value: any): value is (...args: any[]) => any {',
    to: 'export function isFunction(value: any, lspToolExtra: number): value is (...args: any[]) => any {',
    folder: 'src/internal/observable',
    check: async (root) => {
      const { stdout } = await run(process.env.LSP_TOOL_TSGO ?? 'tsgo', ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false'], root);
      return errorLines(stdout, root, root, /^(.+?)\((\d+),\d+\): error /);
    },
  },
  {
    key: 'python',
    label: 'Python (pyright, click), against the pyright CLI',
    tag: '@lang-python-position',
    file: 'click/_compat.py',
    name: 'strip_ansi',
    from: 'def strip_ansi(value: str) -> str:',
    to: 'def strip_ansi(value: str, *, lsp_tool_extra: int) -> str:',
    folder: 'click',
    check: async (root) => {
      const cli = path.join(path.dirname(process.env.LSP_TOOL_PYRIGHT ?? ''), 'index.js');
      const { stdout } = await run(process.execPath, [cli, '--outputjson'], root);
      const report = JSON.parse(stdout) as { generalDiagnostics: { file: string; severity: string; range: { start: { line: number } } }[] };
      return new Set(report.generalDiagnostics.filter((d) => d.severity === 'error').map((d) => `${path.relative(root, d.file)}:${d.range.start.line + 1}`));
    },
  },
  {
    key: 'c',
    label: 'C (clangd, cJSON), against the compilation database with -fsyntax-only',
    tag: '@lang-c-position',
    file: 'cJSON.h',
    name: 'cJSON_IsArray',
    from: 'CJSON_PUBLIC(cJSON_bool) cJSON_IsArray(const cJSON * const item);',
    to: 'CJSON_PUBLIC(cJSON_bool) cJSON_IsArray(const cJSON * const item, int lsp_tool_extra);',
    folder: '.',
    check: async (root) => {
      const commands = JSON.parse(fs.readFileSync(path.join(root, 'build', 'compile_commands.json'), 'utf8')) as { directory: string; command: string }[];
      const found = new Set<string>();
      await Promise.all(
        commands.map(async ({ directory, command }) => {
          const words = command.split(/\s+/).filter((w) => w !== '');
          const args = words.slice(1).filter((w, i, all) => w !== '-o' && all[i - 1] !== '-o');
          const { stderr } = await run(words[0]!, [...args, '-fsyntax-only', '-fmax-errors=0'], directory);
          errorLines(stderr, root, directory, /^(.+?):(\d+):\d+: error: /).forEach((e) => found.add(e));
        }),
      );
      return found;
    },
  },
  {
    key: 'go',
    label: "Go (gopls, gorilla/mux), against Go's build of the package and its tests",
    tag: '@lang-go-position',
    file: 'mux.go',
    name: 'NewRouter',
    from: 'func NewRouter() *Router {',
    to: 'func NewRouter(lspToolExtra int) *Router {',
    folder: '.',
    check: async (root) => {
      const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' };
      const { stdout, stderr } = await run('go', ['test', '-count=1', '-vet=off', '-run', '^$', '-gcflags=all=-e', './...'], root, env);
      return errorLines(`${stdout}\n${stderr}`, root, root, /^(?:\.\/)?([^\s:]+\.go):(\d+):\d+: /);
    },
  },
];

/** The errors of a text, as `path:line`. */
export function shownErrors(text: string): Set<string> {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^(.+?):(\d+):\d+: error /.exec(line);
    if (m !== null) found.add(`${m[1]}:${m[2]}`);
  }
  return found;
}

export const missing = (wanted: Set<string>, shown: Set<string>): string[] => [...wanted].filter((e) => !shown.has(e));
