// "What did my edit break": an edit an agent writes to disk that breaks callers in files nobody
// opened, then lsp_diagnostics at once, against the language's own checker run by the test (tsc,
// the pyright CLI, the compilation database's commands with -fsyntax-only, Go's build of the package
// and its tests). Real servers on real projects: tsserver on rxjs (@rxjs), pyright on click, clangd
// on cJSON, gopls on gorilla/mux (each language's position window). Every edit is undone after.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiagnosticsResult } from '../../src/engine/result';
import { activateExtension, measure, textOf } from './helpers';
import { CASES, missing, shownErrors } from './reachCases';

async function diagnostics(input: object): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  const result = await vscode.lm.invokeTool('lsp_diagnostics', { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return { text: textOf(result), ms: Date.now() - started };
}

for (const c of CASES.filter((k) => k.benchOnly !== true)) {
  suite(`${c.tag} lsp_diagnostics: what an edit broke, in files nobody opened (${c.label})`, function () {
    this.timeout(600_000);
    let root = '';
    let file = '';
    let original = '';
    let added = new Set<string>();

    suiteSetup(async () => {
      await activateExtension();
      // Files nobody opened: the window's earlier tests (and follow-along) left editors open.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
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
