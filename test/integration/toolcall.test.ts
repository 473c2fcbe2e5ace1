import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, expectPage, page, pageTexts } from './helpers';

const MODEL = { vendor: 'lsp-test', id: 'scripted' };

suite('@chat #lsp called by an agent', () => {
  suiteSetup(activateExtension);
  teardown(async function () {
    if (this.currentTest?.state === 'failed') await page('screenshot', { name: `failed-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}` });
  });

  test('a prompt with #lsp gives the model the tool; its call shows as a step with the input and the output', async () => {
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', {
      query: '@scripted #lsp who calls basic/src/geometry.ts:3:17 ?',
      modelSelector: MODEL,
    });
    const [response] = await pageTexts('.interactive-response', { text: 'The lsp tool answered', timeoutMs: 60_000 });
    assert.ok(
      response?.includes('The lsp tool answered 7 lines; the first: basic/src/geometry.ts:3:17: export function totalArea(shapes: Shape[]): number {'),
      response,
    );
    await expectPage('.interactive-response', { text: 'LSP findReferences basic/src/geometry.ts:3:17' });
    // Expand the steps, then the tool's own step: the chat shows what the model sent and read back.
    await page('click', { selector: '.interactive-response :text("Completed")', dispatch: true });
    await page('click', { selector: '.chat-tool-invocation-part .chat-confirmation-widget-title', dispatch: true });
    // (The output box renders the lines in view; the first ones are enough.)
    const [step] = await pageTexts('.chat-tool-invocation-part', { text: 'Output' });
    const shown = step!.replace(/\s+/g, '');
    for (const expected of [
      '"operation":"findReferences"',
      '"file_path":"basic/src/geometry.ts"',
      '"line":3',
      '"character":17',
      "basic/src/main.ts:2:10:import{totalArea,UNIT}from'./geometry';",
      'basic/src/main.ts:5:13:console.log(totalArea(shapes));',
    ]) {
      assert.ok(shown.includes(expected), `${expected} in the expanded step: ${step}`);
    }
    // Wide enough to read, for the README's screenshot.
    await vscode.commands.executeCommand('workbench.action.maximizeAuxiliaryBar');
    try {
      await page('screenshot', { name: 'tool-call', selector: '#workbench\\.parts\\.auxiliarybar' });
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedAuxiliaryBar');
    }
  });
});
