// The `lsp_symbols` tool: a name to positions `lsp` can use, or a file's outline.
// Its palette commands are in commands/symbolCommands.ts, its @lsp replies in chat/symbolsReply.ts.
import { SYMBOLS_API } from './api';
import type { SymbolsResult } from '../../engine/result';
import { inputFields, type ToolDefinition } from '../definition';
import { symbolsCardBody } from './card';
import { parseSymbolsArgs, symbolsTitle } from './input';
import { SYMBOLS_SCHEMA } from './schema';
import { isSymbolsOutcome, SymbolsEngine, type SymbolsOutcome } from './engine';

export const symbolsTool: ToolDefinition<SymbolsEngine, SymbolsOutcome, SymbolsResult> = {
  schema: SYMBOLS_SCHEMA,
  api: SYMBOLS_API,
  parse: parseSymbolsArgs,
  createEngine: (deps) => new SymbolsEngine(deps),
  askEarly: (engine, input) => engine.askEarly(input),
  execute: (engine, input, token, options) => engine.execute(input, token, options),
  structured: (outcome) => outcome.result,
  title: (input) => symbolsTitle(inputFields(input)),
  filePath: (input) => inputFields(input)?.file_path,
  isOutcome: isSymbolsOutcome,
  cardBody: (outcome, context) => symbolsCardBody({ result: outcome.result, outline: outcome.args.mode !== 'workspace', roots: context.roots }),
};
