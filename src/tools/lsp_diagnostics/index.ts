// The `lsp_diagnostics` tool: the errors and warnings of files or folders, fresh after an edit.
// Its palette command is commands.ts, its @lsp reply (/problems) chat.ts: the definition carries both.
import { DIAGNOSTICS_API } from './api';
import type { DiagnosticsResult } from '../../engine/result';
import { inputFields, type ToolDefinition } from '../definition';
import { diagnosticsCardBody } from './card';
import { DIAGNOSTICS_CHAT } from './chat';
import { DIAGNOSTICS_COMMANDS } from './commands';
import { DiagnosticsEngine, isDiagnosticsOutcome, type DiagnosticsOutcome } from './engine';
import { diagnosticsTitle, parseDiagnosticsArgs, singlePath } from './input';
import { DIAGNOSTICS_SCHEMA } from './schema';

export const diagnosticsTool: ToolDefinition<DiagnosticsEngine, DiagnosticsOutcome, DiagnosticsResult> = {
  schema: DIAGNOSTICS_SCHEMA,
  api: DIAGNOSTICS_API,
  parse: parseDiagnosticsArgs,
  createEngine: (deps) => new DiagnosticsEngine(deps),
  execute: (engine, input, token, options) => engine.execute(input, token, options),
  structured: (outcome) => outcome.result,
  title: (input) => diagnosticsTitle(inputFields(input)),
  filePath: (input) => singlePath(inputFields(input)),
  isOutcome: isDiagnosticsOutcome,
  cardBody: (outcome, context) => diagnosticsCardBody(outcome.result, context.roots),
  commands: DIAGNOSTICS_COMMANDS,
  chat: DIAGNOSTICS_CHAT,
};
