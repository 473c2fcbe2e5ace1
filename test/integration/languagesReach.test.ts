// "What did my edit break": an edit an agent writes to disk that breaks callers in files nobody
// opened, then lsp_diagnostics at once, against the language's own checker run by the test (tsc,
// the pyright CLI, the compilation database's commands with -fsyntax-only, Go's build of the package
// and its tests). Real servers on real projects: tsserver on rxjs (@rxjs), pyright on click, clangd
// on cJSON, gopls on gorilla/mux (each language's position window). Every edit is undone after.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiagnosticsResult } from '../../src/engine/result';
import { activateExtension, measure, textOf } from './helpers';

interface ReachCase {
  label: string;
  /** The mocha grep that picks its window. */
  tag: string;
  /** The file edited, relative to the workspace folder. */
  file: string;
  /** The declaration as it is, and as the edit leaves it: one more required parameter. */
  from: string;
  to: string;
  /** A folder (relative) that holds some of the broken files, for the folder question. */
  folder: string;
  /** The checker's errors, as `path:line` relative to the workspace folder. */
  check(root: string): Promise<Set<string>>;
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

const CASES: ReachCase[] = [
  {
    label: 'TypeScript (tsserver, rxjs), against tsc --noEmit',
    tag: '@rxjs',
    file: 'src/internal/util/isFunction.ts',
    from: 'export function isFunction(value: any): value is (...args: any[]) => any {',
    to: 'export function isFunction(value: any, lspToolExtra: number): value is (...args: any[]) => any {',
    folder: 'src/internal/observable',
    check: async (root) => {
      const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
      const { stdout } = await run(process.execPath, [tsc, '--noEmit', '--incremental', 'false', '-p', 'tsconfig.json', '--pretty', 'false'], root);
      return errorLines(stdout, root, root, /^(.+?)\((\d+),\d+\): error /);
    },
  },
  {
    label: 'Python (pyright, click), against the pyright CLI',
    tag: '@lang-python-position',
    file: 'click/_compat.py',
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
    label: 'C (clangd, cJSON), against the compilation database with -fsyntax-only',
    tag: '@lang-c-position',
    file: 'cJSON.h',
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
    label: "Go (gopls, gorilla/mux), against Go's build of the package and its tests",
    tag: '@lang-go-position',
    file: 'mux.go',
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

async function diagnostics(input: object): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  const result = await vscode.lm.invokeTool('lsp_diagnostics', { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return { text: textOf(result), ms: Date.now() - started };
}

/** The errors of a text, as `path:line`. */
function shownErrors(text: string): Set<string> {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^(.+?):(\d+):\d+: error /.exec(line);
    if (m !== null) found.add(`${m[1]}:${m[2]}`);
  }
  return found;
}

const missing = (wanted: Set<string>, shown: Set<string>): string[] => [...wanted].filter((e) => !shown.has(e));

for (const c of CASES) {
  suite(`${c.tag} lsp_diagnostics: what an edit broke, in files nobody opened (${c.label})`, function () {
    this.timeout(600_000);
    let root = '';
    let file = '';
    let original = '';
    let added = new Set<string>();

    suiteSetup(async () => {
      await activateExtension();
      root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
      file = path.join(root, c.file);
      original = fs.readFileSync(file, 'utf8');
      assert.ok(original.includes(c.from), `${c.file} no longer declares ${c.from}`);
    });

    suiteTeardown(() => {
      if (original !== '' && fs.readFileSync(file, 'utf8') !== original) fs.writeFileSync(file, original);
    });

    test('no file_paths, asked right after the edit: every error the checker finds, none missing', async () => {
      const before = await c.check(root);
      fs.writeFileSync(file, original.replace(c.from, c.to));
      const { text, ms } = await diagnostics({});
      const checkerStarted = Date.now();
      const after = await c.check(root);
      const checkerMs = Date.now() - checkerStarted;
      added = new Set([...after].filter((e) => !before.has(e)));
      const files = new Set([...added].map((e) => e.slice(0, e.lastIndexOf(':'))));
      const lost = missing(added, shownErrors(text));
      measure(
        `${c.label}: the checker finds ${added.size} new errors in ${files.size} files (its run ${checkerMs}ms); the tool's first answer in ${ms}ms shows ${added.size - lost.length} of them; missing: ${JSON.stringify(lost)}`,
      );
      assert.ok(added.size > 0 && [...files].some((f) => f !== c.file), `the edit broke nothing elsewhere by the checker: ${JSON.stringify([...after])}`);
      assert.deepEqual(lost, [], text);
      assert.ok(!text.includes('may be out of date'), text);
    });

    test('the edited file alone: its own answer, then the errors its change caused in the files that use it', async () => {
      const { text, ms } = await diagnostics({ file_paths: [c.file] });
      measure(`${c.label}: the edited file alone, in ${ms}ms: ${JSON.stringify(text.slice(0, 600))}`);
      const section = text.indexOf('\n\nCaused elsewhere, in the ');
      assert.ok(section > 0, text);
      const elsewhere = [...added].filter((e) => !e.startsWith(`${c.file}:`));
      assert.deepEqual(missing(new Set(elsewhere), shownErrors(text.slice(section))), [], text);
    });

    test('the folder: every error the change caused in it, the changed and reached files first', async () => {
      const inFolder = new Set([...added].filter((e) => c.folder === '.' || e.startsWith(`${c.folder}/`)));
      const { text, ms } = await diagnostics({ file_paths: [c.folder] });
      // The canonical value is uncapped: a folder's other files can hold more than the text's cap.
      const twin = await vscode.commands.executeCommand<DiagnosticsResult>('lspTool.queryDiagnostics', { file_paths: [c.folder], severity: 'error' });
      const shown = new Set(twin.diagnostics.map((d) => `${path.relative(root, vscode.Uri.parse(d.uri).fsPath)}:${d.range.start.line + 1}`));
      measure(`${c.label}: the folder ${c.folder}, in ${ms}ms: ${inFolder.size} new errors there, ${inFolder.size - missing(inFolder, shown).length} found`);
      assert.ok(inFolder.size > 0, `no new error in ${c.folder}`);
      assert.deepEqual(missing(inFolder, shown), [], text);
      // The text starts with the files the change reached.
      const firstFile = /^(.+?):\d+:\d+: /m.exec(text)?.[1];
      assert.ok(firstFile !== undefined && [...added].some((e) => e.startsWith(`${firstFile}:`)) !== undefined, text);
    });

    test('two calls at once give the same answer', async () => {
      const [a, b] = await Promise.all([diagnostics({}), diagnostics({})]);
      assert.equal(a.text, b.text);
    });

    test('the edit undone: the first answer lists none of its errors', async () => {
      fs.writeFileSync(file, original);
      const { text, ms } = await diagnostics({});
      const stale = [...added].filter((e) => shownErrors(text).has(e));
      measure(`${c.label}: the edit undone, first answer in ${ms}ms: ${stale.length} of ${added.size} errors still listed`);
      assert.deepEqual(stale, [], text);
      assert.ok(!text.includes('may be out of date'), text);
    });
  });
}
