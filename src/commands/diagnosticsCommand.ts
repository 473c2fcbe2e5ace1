// "LSP: Show Problems (fresh)": lsp_diagnostics from the palette, for the workspace (or the files a
// script passes), answered in the card.
import * as vscode from 'vscode';
import type { CardViewProvider } from '../card/cardViewProvider';
import { Command } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';
import type { CallPath } from '../tools/callPath';
import { diagnosticsTool } from '../tools/lsp_diagnostics';
import type { DiagnosticsOutcome } from '../tools/lsp_diagnostics/engine';
import { callFromCommand, runFromCommand } from './runFromCommand';

export interface DiagnosticsCommandDeps {
  calls: CallPath;
  card: CardViewProvider;
}

/** `paths`: given by a script or test; otherwise the whole workspace. */
function showProblems(deps: DiagnosticsCommandDeps, paths?: unknown): Promise<DiagnosticsOutcome | undefined> {
  const filePaths = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
  return runFromCommand(
    vscode.l10n.t('LSP: checking problems'),
    (token) => callFromCommand(deps.calls, diagnosticsTool, filePaths.length === 0 ? {} : { file_paths: filePaths }, token),
    () => deps.card.reveal(true),
  );
}

export function register(deps: DiagnosticsCommandDeps, command: RegisterCommand): vscode.Disposable {
  return command(Command.showProblems, (paths?: unknown) => showProblems(deps, paths));
}
