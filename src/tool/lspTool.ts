// The language-model tool `lsp`: prepareInvocation (title, outside-workspace confirmation) and invoke.
import * as vscode from 'vscode';
import type { LspToolSettings } from '../configValues';
import { resolveFile } from '../workspace/resolveFile';
import type { LspToolInput } from './parse';
import type { QueryOutcome, QueryPipeline } from './pipeline';

export interface LspToolDeps {
  pipeline: QueryPipeline;
  settings: () => LspToolSettings;
  onQuery?: (outcome: QueryOutcome) => void;
}

/** The original card title: raw arguments, exactly as the model wrote them. */
export function invocationTitle(input: Partial<LspToolInput>): string {
  return `LSP ${String(input.operation)} ${String(input.file_path)}:${String(input.line)}:${String(input.character)}`;
}

export class LspTool implements vscode.LanguageModelTool<LspToolInput> {
  constructor(private readonly deps: LspToolDeps) {}

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<LspToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const prepared: vscode.PreparedToolInvocation = { invocationMessage: invocationTitle(options.input) };
    if (this.deps.settings().outsideWorkspace !== 'ask' || typeof options.input?.file_path !== 'string') return prepared;
    try {
      const file = await resolveFile(options.input.file_path);
      if (!file.inside) {
        prepared.confirmationMessages = {
          title: vscode.l10n.t('Query a file outside the workspace?'),
          message: new vscode.MarkdownString(
            vscode.l10n.t('The `lsp` tool wants to read {0}, which is outside every workspace folder.', file.uri.toString(true)),
          ),
        };
      }
    } catch {
      // invoke reports the coded error.
    }
    return prepared;
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<LspToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const outcome = await this.deps.pipeline.execute(options.input, token);
    this.deps.onQuery?.(outcome);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }
}
