// The language-model tool `lsp`: prepareInvocation (title, outside-workspace confirmation) and invoke.
import * as vscode from 'vscode';
import type { LspToolSettings } from '../configValues';
import { resolveFile, type ResolvedFile } from '../workspace/resolveFile';
import type { LspToolInput } from './parse';
import type { QueryOutcome, QueryPipeline } from './pipeline';

export interface LspToolDeps {
  pipeline: QueryPipeline;
  settings: () => LspToolSettings;
  /** What the person sees of a query (the card, follow-along); runs after the answer has gone back. */
  onQuery?: (outcome: QueryOutcome) => Promise<void> | void;
}

/** The original card title: raw arguments, exactly as the model wrote them. */
export function invocationTitle(input: Partial<LspToolInput>): string {
  return `LSP ${String(input.operation)} ${String(input.file_path)}:${String(input.line)}:${String(input.character)}`;
}

/** Outcomes are taken right after the call that made them; a few are enough, and large answers are heavy. */
const RECENT_LIMIT = 8;

export class LspTool implements vscode.LanguageModelTool<LspToolInput> {
  /** Outcomes of recent invocations by input, so a caller of invokeTool (the @lsp participant) gets the structure too. */
  private readonly recent = new Map<string, QueryOutcome>();

  /** The onQuery work not finished yet. */
  private readonly presenting = new Set<Promise<void>>();

  constructor(private readonly deps: LspToolDeps) {}

  /** Resolves once what earlier queries set off for the person (card, follow-along) has run. */
  async settled(): Promise<void> {
    while (this.presenting.size > 0) await Promise.all(this.presenting);
  }

  takeOutcome(input: object): QueryOutcome | undefined {
    const key = JSON.stringify(input);
    const outcome = this.recent.get(key);
    this.recent.delete(key);
    return outcome;
  }

  /** prepareInvocation's resolution, reused by the invoke that follows it (one stat, not two). */
  private prepared: { filePath: string; file: ResolvedFile; at: number } | undefined;

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<LspToolInput>,
  ): Promise<vscode.PreparedToolInvocation> {
    const prepared: vscode.PreparedToolInvocation = { invocationMessage: invocationTitle(options.input) };
    if (this.deps.settings().outsideWorkspace !== 'ask' || typeof options.input?.file_path !== 'string') return prepared;
    try {
      const file = await resolveFile(options.input.file_path);
      this.prepared = { filePath: options.input.file_path, file, at: Date.now() };
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
    const prepared = this.prepared;
    this.prepared = undefined;
    const reuse = prepared && prepared.filePath === options.input?.file_path && Date.now() - prepared.at < 2000 ? prepared.file : undefined;
    const outcome = await this.deps.pipeline.execute(options.input, token, reuse);
    this.recent.set(JSON.stringify(options.input), outcome);
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value!);
    // The card, follow-along and walkthrough run after the answer has gone back: they cost the
    // caller ~0.6 ms of messages to the window when run first (measured in the benchmark).
    const onQuery = this.deps.onQuery;
    if (onQuery) {
      const presented: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => onQuery(outcome))
        // onQuery reports its own failures (the extension logs them); a settled() never rejects.
        .catch(() => undefined)
        .finally(() => this.presenting.delete(presented));
      this.presenting.add(presented);
    }
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(outcome.text)]);
  }
}
