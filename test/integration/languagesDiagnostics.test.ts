// lsp_diagnostics with real servers: tsserver on the fixture (the node hosts), and pyright, clangd and
// gopls on their real projects, in each language's position window (@lang-<id>-position, after the
// cold position tests of languages.test.ts). Each case is an edit an agent makes, then one call at
// once: the first answer must already show the edit. Every probe file is new and removed afterwards.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DiagnosticsResult } from '../../src/engine/result';
import { activateExtension, expectPage, measure, pageTexts, textOf } from './helpers';

interface DiagnosticsCase {
  label: string;
  /** The mocha grep that picks its window; '' for the fixture's node hosts. */
  tag: string;
  /** The folder the probes go in, relative to the first workspace folder. */
  dir: string;
  ext: string;
  /** A file with one error naming `name`, and the same file without it, in the folder's package. */
  bad(name: string, pkg: string): string;
  good(pkg: string): string;
}

const CASES: DiagnosticsCase[] = [
  {
    label: 'TypeScript (tsserver)',
    tag: '',
    dir: 'src',
    ext: 'ts',
    bad: (name) => `export const lspToolProbe: number = ${name};\n`,
    good: () => 'export const lspToolProbe: number = 1;\n',
  },
  {
    label: 'Python (pyright, click)',
    tag: '@lang-python-position',
    dir: 'src/click',
    ext: 'py',
    bad: (name) => `value = ${name}\n`,
    good: () => 'value = 1\n',
  },
  {
    label: 'C (clangd, cJSON)',
    tag: '@lang-c-position',
    dir: '.',
    ext: 'c',
    bad: (name) => `int lsp_tool_probe(void) { return ${name}; }\n`,
    good: () => 'int lsp_tool_probe(void) { return 0; }\n',
  },
  {
    label: 'Go (gopls, gorilla/mux)',
    tag: '@lang-go-position',
    dir: '.',
    ext: 'go',
    bad: (name, pkg) => `package ${pkg}\n\nfunc lspToolProbe() int { return ${name} }\n`,
    good: (pkg) => `package ${pkg}\n\nfunc lspToolProbe() int { return 1 }\n`,
  },
];

const root = (): vscode.Uri => vscode.workspace.workspaceFolders![0]!.uri;

async function diagnostics(input: object): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  const result = await vscode.lm.invokeTool('lsp_diagnostics', { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return { text: textOf(result), ms: Date.now() - started };
}

/** Where the project keeps the probe's language (the fixture's src/, click's src/click, …), if there. */
function probeDir(c: DiagnosticsCase): string {
  const dir = path.join(root().fsPath, c.dir);
  return fs.existsSync(dir) ? dir : root().fsPath;
}

/** The Go package of the folder (its first .go file's clause). */
function packageOf(dir: string): string {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  const clause = file === undefined ? undefined : /^package (\w+)/m.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
  return clause?.[1] ?? 'main';
}

for (const c of CASES) {
  suite(`${c.tag === '' ? '' : `${c.tag} `}lsp_diagnostics on ${c.label}`, function () {
    this.timeout(240_000);
    const made: string[] = [];
    let dir = '';
    let pkg = '';
    let relative = '';
    let file = '';
    const name = `undefinedLspToolProbe${c.ext.toUpperCase()}`;

    suiteSetup(async () => {
      await activateExtension();
      dir = probeDir(c);
      pkg = packageOf(dir);
      file = path.join(dir, `lsp_tool_probe.${c.ext}`);
      relative = path.relative(root().fsPath, file);
      made.push(file);
    });

    suiteTeardown(async () => {
      for (const f of made.reverse()) fs.rmSync(f, { recursive: true, force: true });
      // The probes' diagnostics go with them: the next windows' tests see the project as it was.
      await new Promise((resolve) => setTimeout(resolve, 200));
    });

    test('an error written to disk in a file never opened is in the first answer', async () => {
      fs.writeFileSync(file, c.bad(name, pkg));
      const { text, ms } = await diagnostics({ file_paths: [relative] });
      measure(`${c.label}: error written to a never-opened file, first answer in ${ms}ms: ${JSON.stringify(text)}`);
      assert.match(text, new RegExp(`^\\d+ errors? (and \\d+ warnings? )?in 1 file\\.\\n(.*\\n)*${shown(relative)}:\\d+:\\d+: error .*${name}`), text);
      assert.ok(!text.includes('may be out of date'), text);
    });

    test('the error fixed on disk is gone from the first answer', async () => {
      fs.writeFileSync(file, c.good(pkg));
      const { text, ms } = await diagnostics({ file_paths: [relative] });
      measure(`${c.label}: error fixed on disk, first answer in ${ms}ms: ${JSON.stringify(text)}`);
      assert.ok(!text.includes(name), text);
      assert.ok(!text.includes('may be out of date'), text);
      if (c.ext !== 'c') assert.match(text, /^No errors or warnings in 1 checked file\./, text);
    });

    test("an error typed into the editor's buffer (unsaved) is in the first answer, with a Note; typed away, it is gone", async () => {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      const whole = (): vscode.Range => new vscode.Range(0, 0, document.lineCount, 0);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, whole(), c.bad(name, pkg));
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(document.isDirty);
      const bad = await diagnostics({ file_paths: [relative] });
      measure(`${c.label}: error typed into the buffer, first answer in ${bad.ms}ms: ${JSON.stringify(bad.text)}`);
      assert.match(bad.text, new RegExp(`^\\d+ errors? (and \\d+ warnings? )?in 1 file\\.\\n(.*\\n)*${shown(relative)}:\\d+:\\d+: error .*${name}`), bad.text);
      assert.ok(!bad.text.includes('may be out of date'), bad.text);
      assert.match(bad.text, /Note: .* has unsaved changes in the editor: the diagnostics are of the editor's text, not the disk's\./, bad.text);
      const back = new vscode.WorkspaceEdit();
      back.replace(document.uri, whole(), c.good(pkg));
      assert.ok(await vscode.workspace.applyEdit(back));
      const good = await diagnostics({ file_paths: [relative] });
      measure(`${c.label}: error typed away in the buffer, first answer in ${good.ms}ms: ${JSON.stringify(good.text)}`);
      assert.ok(!good.text.includes(name), good.text);
      assert.ok(!good.text.includes('may be out of date'), good.text);
      if (c.ext !== 'c') assert.match(good.text, /^No errors or warnings in 1 checked file\./, good.text);
      assert.ok(await document.save());
    });

    test('a folder: an error written to a new file in it is in the first answer, and the structured twin agrees', async () => {
      const folder = path.join(dir, 'lsp_tool_probe_dir');
      fs.mkdirSync(folder, { recursive: true });
      made.push(folder);
      const inner = path.join(folder, `inner.${c.ext}`);
      fs.writeFileSync(inner, c.bad(name, c.ext === 'go' ? 'lsp_tool_probe_dir' : pkg));
      const asked = path.relative(root().fsPath, folder);
      const { text, ms } = await diagnostics({ file_paths: [asked] });
      measure(`${c.label}: error written into a folder's new file, first answer in ${ms}ms: ${JSON.stringify(text)}`);
      assert.match(text, new RegExp(`${shown(path.relative(root().fsPath, inner))}:\\d+:\\d+: error .*${name}`), text);
      assert.ok(!text.includes('may be out of date'), text);
      const twin = await vscode.commands.executeCommand<DiagnosticsResult>('lspTool.queryDiagnostics', { file_paths: [asked], severity: 'error' });
      assert.deepEqual(
        twin.diagnostics.filter((d) => d.message.includes(name)).map((d) => [vscode.Uri.parse(d.uri).fsPath, d.severity]),
        [[inner, 'error']],
      );
      assert.ok(twin.checked.some((f) => vscode.Uri.parse(f.uri).fsPath === inner && f.freshness === 'fresh'));
      if (c.tag === '') {
        // The palette's twin, in the card: the same call, its rows carrying the message.
        await vscode.commands.executeCommand('lspTool.showProblems', [asked]);
        await expectPage('.card-title', { text: `Problems in ${asked}` });
        const rows = await pageTexts('.row', { text: name });
        assert.ok(
          rows.some((row) => row.includes(`error: Cannot find name '${name}'.`)),
          rows.join('\n'),
        );
      }
    });
  });
}

/** The path as the tool shows it: in a multi-root workspace, after the folder's name. */
function shown(relative: string): string {
  const escaped = relative.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? `${vscode.workspace.workspaceFolders![0]!.name}/${escaped}` : escaped;
}
