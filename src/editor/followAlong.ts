// Follow-along: reveal the queried line in an editor without taking focus. Reveals are coalesced
// (only the latest runs) and never fail the query that asked for them.
import * as vscode from 'vscode';

/**
 * A reveal opens a preview editor, which takes the place of the group's preview: a file's is fair
 * (code navigation does the same), but the page a person is reading when the query runs (a
 * walkthrough whose step's button asked it, a Markdown preview, an extension's page) is kept open
 * first. keepEditor keeps the active editor, so only the page in front can be kept.
 */
async function keepPageInFront(): Promise<void> {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  if (tab?.isPreview && !(tab.input instanceof vscode.TabInputText)) await vscode.commands.executeCommand('workbench.action.keepEditor');
}

export class FollowAlong implements vscode.Disposable {
  private pending: { uri: vscode.Uri; position: vscode.Position } | undefined;
  private running: Promise<void> | undefined;
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
  });

  constructor(
    private readonly enabled: () => boolean,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  reveal(uri: vscode.Uri, position: vscode.Position): void {
    if (!this.enabled()) return;
    this.pending = { uri, position };
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once every requested reveal has run (tests and commands await it). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const { uri, position } = this.pending;
      this.pending = undefined;
      try {
        await keepPageInFront();
        const range = new vscode.Range(position, position);
        const editor = await vscode.window.showTextDocument(uri, { preserveFocus: true, preview: true, selection: range });
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        editor.setDecorations(this.decoration, [new vscode.Range(position.line, 0, position.line, 0)]);
      } catch (err) {
        this.log.debug(`follow-along could not reveal ${uri.toString()}: ${String(err)}`);
      }
    }
  }

  dispose(): void {
    this.pending = undefined;
    this.decoration.dispose();
  }
}
