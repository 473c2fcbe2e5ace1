// The query pipeline with one log line per query: debug for answers, error for failures.
import type * as vscode from 'vscode';
import { LspToolError } from '../tool/errors';
import { QueryPipeline, type PipelineDeps, type QueryOutcome } from '../tool/pipeline';
import type { ResolvedFile } from '../workspace/resolveFile';
import { askedFields, formatQueryError, formatQueryLine } from './queryLog';

export class LoggedQueryPipeline extends QueryPipeline {
  constructor(private readonly logDeps: PipelineDeps) {
    super(logDeps);
  }

  override async execute(input: unknown, token?: vscode.CancellationToken, resolved?: ResolvedFile): Promise<QueryOutcome> {
    const started = performance.now();
    try {
      const outcome = await super.execute(input, token, resolved);
      this.logDeps.log.debug(formatQueryLine({ ...askedFields(input), ms: performance.now() - started }, outcome.result));
      return outcome;
    } catch (err) {
      const line = formatQueryError({ ...askedFields(input), ms: performance.now() - started }, err);
      // A cancelled call is the caller's choice, not a failure.
      if (err instanceof LspToolError && err.code === 'LSP_CANCELLED') this.logDeps.log.debug(line);
      else this.logDeps.log.error(line);
      throw err;
    }
  }
}
