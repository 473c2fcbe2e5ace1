// The `lsp_rename` tool: a symbol renamed everywhere by the editor's rename provider, saved, and
// checked for what it broke. The first tool that writes.
import { inputFields, type ToolDefinition } from '../definition';
import { RENAME_API } from './api';
import { renameCardBody } from './card';
import { isRenameOutcome, RenameEngine, type RenameOutcome, type RenameResult } from './engine';
import { parseRenameArgs, renameTitle } from './input';
import { RENAME_SCHEMA } from './schema';

export const renameTool: ToolDefinition<RenameEngine, RenameOutcome, RenameResult> = {
  schema: RENAME_SCHEMA,
  api: RENAME_API,
  parse: parseRenameArgs,
  createEngine: (deps) => new RenameEngine(deps),
  execute: (engine, input, token, options) => engine.execute(input, token, options),
  structured: (outcome) => outcome.result,
  title: (input) => renameTitle(inputFields(input)),
  filePath: (input) => inputFields(input)?.file_path,
  isOutcome: isRenameOutcome,
  cardBody: async (outcome, context) => renameCardBody(outcome.result, context.roots, await context.readLines(outcome.result.files)),
  undo: (engine, outcome) => engine.undo(outcome),
};
