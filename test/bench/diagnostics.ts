// lsp_diagnostics on a real project: the time from a write on disk (as a terminal agent writes) to
// the tool's first answer, which must show the write, against the server's own re-check of the same
// file (tsserver's semanticDiagnosticsSync, asked once VS Code shows the new text), trial by trial.
// `tsc --noEmit` on the same project is timed by the runner (bench/run.mjs), outside the host.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { stat } from './render';

export interface DiagnosticsBench {
  file: string;
  languageId: string;
  trials: number;
  /** Answers that did not show the write (the goal is none). */
  stale: number;
  /** Write to the tool's answer, with the error written and with it fixed. */
  toolBad: ReturnType<typeof stat>;
  toolGood: ReturnType<typeof stat>;
  /** Each stale answer's text, for the report. */
  staleAnswers: string[];
  /** Write to the raw re-check's answer: VS Code's reload of the document, then tsserver's own check. */
  raw: ReturnType<typeof stat>;
}

export async function invoke(input: object): Promise<string> {
  const result = await vscode.lm.invokeTool('lsp_diagnostics', { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/** The error each language's server reports for the marker: an undefined name, appended to the file. */
const PROBES: Record<string, (marker: string) => string> = {
  typescript: (marker) => `\nexport const lspToolBenchValue: number = ${marker};\n`,
  python: (marker) => `\nlspToolBenchValue = ${marker}\n`,
  c: (marker) => `\nint lspToolBenchValue = ${marker};\n`,
  go: (marker) => `\nvar lspToolBenchValue = ${marker}\n`,
};

/**
 * The raw path: wait for VS Code to show the disk's text, then the server's own check: tsserver's
 * `semanticDiagnosticsSync` asked directly; another server's next publish that agrees (its file shown
 * in a tab, as a pull server needs).
 */
async function rawRecheck(uri: vscode.Uri, expect: string, marker: string): Promise<number> {
  const started = Date.now();
  const document = await vscode.workspace.openTextDocument(uri);
  while (document.getText() !== expect && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 5));
  const typescript = document.languageId === 'typescript';
  for (;;) {
    const messages = typescript
      ? (
          (await vscode.commands.executeCommand<{ body?: { text: string }[] }>('typescript.tsserverRequest', 'semanticDiagnosticsSync', { file: uri }))?.body ??
          []
        ).map((d) => d.text)
      : vscode.languages.getDiagnostics(uri).map((d) => d.message);
    const has = messages.some((m) => m.includes(marker));
    if (has === expect.includes(marker) || Date.now() - started > 20_000) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function measureDiagnostics(filePath: string, trials: number): Promise<DiagnosticsBench> {
  const root = vscode.workspace.workspaceFolders![0]!.uri;
  const uri = vscode.Uri.joinPath(root, filePath);
  const original = fs.readFileSync(uri.fsPath, 'utf8');
  const marker = 'lspToolBenchProbe';
  // The error's message names the marker: "Cannot find name 'lspToolBenchProbe'." and the like.
  const languageId = (await vscode.workspace.openTextDocument(uri)).languageId;
  const probe = PROBES[languageId] ?? PROBES.typescript!;
  const bad = `${original}${probe(marker)}`;
  const toolBad: number[] = [];
  const toolGood: number[] = [];
  const raw: number[] = [];
  let stale = 0;
  const staleAnswers: string[] = [];
  // What the editor saw of the file during each answer, for a stale one's report.
  let events: string[] = [];
  let zero = Date.now();
  const seen = (what: string): void => {
    events.push(`${Date.now() - zero} ms ${what}`);
  };
  const key = uri.toString();
  const watch = vscode.Disposable.from(
    vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === key)) {
        const list = vscode.languages.getDiagnostics(uri);
        seen(`publish: ${list.length} (${list.some((d) => d.message.includes(marker)) ? 'with' : 'without'} the marker)`);
      }
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.toString() === key && e.contentChanges.length > 0)
        seen(`text: ${e.document.getText().includes(marker) ? 'with' : 'without'} the marker`);
    }),
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      const mine = (tabs: readonly vscode.Tab[]): boolean => tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
      if (mine(e.opened)) seen('tab opened');
      if (mine(e.closed)) seen('tab closed');
    }),
  );
  try {
    // Warm: the project loaded, the file known.
    await invoke({ file_paths: [filePath] });
    for (let i = 0; i < trials; i++) {
      for (const [text, times, expectError] of [
        [bad, toolBad, true],
        [original, toolGood, false],
      ] as const) {
        events = [];
        fs.writeFileSync(uri.fsPath, text);
        const started = Date.now();
        zero = started;
        const answer = await invoke({ file_paths: [filePath] });
        times.push(Date.now() - started);
        if (answer.includes(marker) !== expectError) {
          stale++;
          staleAnswers.push(
            `${expectError ? 'error written' : 'error fixed'}, after ${Date.now() - started} ms: ${answer.slice(0, 400)} [seen: ${events.join('; ')}]`,
          );
        }
      }
      // The raw re-check, from its own write (in a tab: a pull server checks only those).
      if (languageId !== 'typescript') await vscode.window.showTextDocument(uri, { preview: true, preserveFocus: true });
      fs.writeFileSync(uri.fsPath, bad);
      raw.push(await rawRecheck(uri, bad, marker));
      fs.writeFileSync(uri.fsPath, original);
      await rawRecheck(uri, original, marker);
    }
  } finally {
    watch.dispose();
    fs.writeFileSync(uri.fsPath, original);
  }
  return { file: filePath, languageId, trials, stale, staleAnswers, toolBad: stat(toolBad), toolGood: stat(toolGood), raw: stat(raw) };
}
