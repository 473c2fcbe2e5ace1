// The test host is a remote window: the workbench runs in the browser and opens the workspace as
// vscode-remote://localhost:PORT/... The Node extension host (on the server) sees those folders as
// file: URIs; the web-worker host (in the browser) sees them as they are. In both, the tool, the
// palette commands and the card must show workspace-relative paths, never URIs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, expectCardCall, EXTENSION_ID, folderUri, invoke, page, pageTexts, setSetting } from './helpers';

/** `basic/src/shapes.ts:17:3`: a folder-relative path and a position, nothing else. */
const RELATIVE_LOCATION = /^(basic|second)\/src\/[a-z]+\.ts:\d+:\d+$/;

suite('@remote a remote window (vscode-remote:// workspace)', () => {
  suiteSetup(activateExtension);
  teardown(() => setSetting('linePreview', undefined));

  test('the workbench opened the workspace as vscode-remote://, and this host sees it as its kind dictates', async () => {
    const { value: href } = await page<{ value: string }>('evaluateInFrame', { selector: '.monaco-workbench', expression: 'location.href' });
    const params = new URL(href).searchParams;
    const opened = params.get('workspace') ?? params.get('folder');
    assert.match(String(opened), /^vscode-remote:\/\/localhost:\d+\//, href);
    assert.ok(vscode.env.remoteName, 'the window is attached to a server');
    const kind = vscode.extensions.getExtension(EXTENSION_ID)!.extensionKind;
    const schemes = vscode.workspace.workspaceFolders!.map((f) => f.uri.scheme);
    // ExtensionKind.UI: the web-worker host in the browser; Workspace: the server's Node host.
    assert.deepEqual(schemes, kind === vscode.ExtensionKind.UI ? ['vscode-remote', 'vscode-remote'] : ['file', 'file']);
  });

  test('the tool renders findReferences as folder-relative paths, also when asked with the folder URI', async () => {
    await setSetting('linePreview', false);
    const byPath = await invoke({ operation: 'findReferences', file_path: 'basic/src/shapes.ts', line: 1, character: 18 });
    const byUri = await invoke({
      operation: 'findReferences',
      file_path: vscode.Uri.joinPath(folderUri('basic'), 'src', 'shapes.ts').toString(),
      line: 1,
      character: 18,
    });
    assert.equal(byUri, byPath);
    const lines = byPath.split('\n');
    assert.ok(lines.length >= 3, byPath);
    for (const line of lines) assert.match(line, RELATIVE_LOCATION);
    assert.ok(lines.includes('basic/src/shapes.ts:1:18'), byPath);
  });

  test('the palette command fills the card with folder-relative paths', async () => {
    const uri = vscode.Uri.joinPath(folderUri('basic'), 'src', 'shapes.ts');
    const position = new vscode.Position(0, 17);
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: false });
    await vscode.commands.executeCommand('lspTool.showCard');
    await vscode.commands.executeCommand('lspTool.findReferences');
    const [title] = await pageTexts('.card-title', { text: 'References to Shape', timeoutMs: 30_000 });
    assert.equal(title, 'References to Shape');
    await expectCardCall('LSP findReferences basic/src/shapes.ts:1:18');
    const groups = await pageTexts('.group-path');
    assert.ok(groups.length >= 1 && groups.includes('basic/src/shapes.ts'), groups.join(', '));
    for (const group of groups) assert.match(group, /^(basic|second)\/src\/[a-z]+\.ts$/);
  });
});
