// @vsix: the packaged extension, installed with --install-extension into a fresh VS Code server (no
// development path for it), activates and answers, in English or in the server's --locale.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { expectPage, EXTENSION_ID, invoke, page, pageTexts, until } from './helpers';

const repo = process.env.LSP_TOOL_REPO!;
const language = vscode.env.language;
const nls = (file: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(repo, file), 'utf8')) as Record<string, string>;
/** The manifest string users see in this language (from the files the VSIX ships). */
const manifest = (key: string): string => ({ ...nls('package.nls.json'), ...(language === 'en' ? {} : nls(`package.nls.${language}.json`)) })[key]!;
const runtime = (message: string): string => (language === 'en' ? message : nls(`l10n/bundle.l10n.${language}.json`)[message]!);

suite('@vsix the installed VSIX', () => {
  test('runs in the display language the server was started with', () => {
    assert.equal(language, process.env.LSP_TOOL_EXPECT_LANGUAGE ?? 'en');
  });

  test('is installed from the VSIX, not loaded from the repository', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'lsp-tool is installed');
    assert.ok(!extension.extensionPath.startsWith(repo), `${extension.extensionPath} is outside the repository`);
    assert.equal(extension.extensionKind, vscode.ExtensionKind.Workspace);
    const { version } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };
    assert.equal((extension.packageJSON as { version: string }).version, version);
    for (const shipped of ['dist/extension.js', 'dist/card.js', 'l10n/bundle.l10n.de.json', 'package.nls.de.json', 'media/walkthrough/tool.md']) {
      assert.ok(fs.existsSync(path.join(extension.extensionPath, shipped)), shipped);
    }
    assert.ok(!fs.existsSync(path.join(extension.extensionPath, 'src')), 'no sources in the VSIX');
    assert.ok(!fs.existsSync(path.join(extension.extensionPath, 'dist', 'extension.js.map')), 'no source maps in the VSIX');
  });

  test('activates and the tool answers on the fixture', async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    const text = await invoke({ operation: 'findReferences', file_path: 'src/geometry.ts', line: 3, character: 17 });
    assert.match(text, /^src\/geometry\.ts:3:17: export function totalArea/);
    for (const expected of ['src/main.ts:2:10', 'src/main.ts:5:13', 'src/unicode.ts:5:19']) assert.ok(text.includes(expected), `${expected} in\n${text}`);
  });

  test('the command palette runs "LSP: Find References" (by its localised title) and the card shows the answer', async function () {
    const title = `${manifest('command.category')}: ${manifest('command.findReferences.title')}`;
    if (language !== 'en') assert.notEqual(title, 'LSP: Find References', `a ${language} title`);
    const position = new vscode.Position(2, 16);
    const editor = await vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'src', 'geometry.ts'), {
      selection: new vscode.Range(position, position),
    });
    assert.ok(editor);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await page('press', { key: 'F1' });
    await expectPage('.quick-input-widget input', { timeoutMs: 10_000 });
    await page('type', { text: title });
    await expectPage('.quick-input-list .monaco-list-row', { text: title, timeoutMs: 10_000 });
    await page('press', { key: 'Enter' });
    // The card's title in the display language, its name drawn as code (the text without the backticks).
    const cardTitle = runtime('References to `{0}`').replace('{0}', 'totalArea').replace(/`/g, '');
    if (language !== 'en') assert.notEqual(cardTitle, 'References to totalArea', `a ${language} card title`);
    const [shown] = await expectPage('.card-title', { text: cardTitle, timeoutMs: 60_000 });
    assert.equal(shown, cardTitle);
    const summary = runtime('{0} results in {1} files').replace('{0}', '7').replace('{1}', '3');
    await until(
      async () => (await pageTexts('.summary')).join(),
      (s) => s === summary,
      `summary "${summary}"`,
    );
    const [button] = await pageTexts('#openInReferences', { min: 1 });
    assert.equal(button, '');
    const label = (
      await page<{ value: string }>('evaluateInFrame', { selector: '#openInReferences', expression: 'document.getElementById("openInReferences").title' })
    ).value;
    assert.equal(label, runtime('Open in References View'));
    await page('screenshot', { name: `vsix-${language}` });
    this.test!.title += ` [${language}]`;
  });
});
