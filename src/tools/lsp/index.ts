// The `lsp` tool: definition, references, implementations and hover at a position.
// Its palette commands are in commands/paletteCommands.ts, its @lsp replies in chat/participant.ts,
// its References view hand-off in references/handoff.ts.
import { LSP_API } from './api';
import type { LspQueryResult } from '../../engine/result';
import { inputFields, type ToolDefinition } from '../definition';
import { lspCardBody } from './card';
import { invocationTitle, parseLspArgs } from './input';
import { LSP_SCHEMA } from './schema';
import { isQueryOutcome, LspEngine, type QueryOutcome } from './engine';

export const lspTool: ToolDefinition<LspEngine, QueryOutcome, LspQueryResult> = {
  schema: LSP_SCHEMA,
  api: LSP_API,
  parse: parseLspArgs,
  createEngine: (deps) => new LspEngine(deps),
  askEarly: (engine, input) => engine.askEarly(input),
  execute: (engine, input, token, options) => engine.execute(input, token, options),
  structured: (outcome) => outcome.result,
  title: (input) => invocationTitle(inputFields(input)),
  filePath: (input) => inputFields(input)?.file_path,
  isOutcome: isQueryOutcome,
  cardBody: lspCardBody,
};
