// The `lsp_rename` tool: a symbol renamed everywhere by the editor's rename provider, saved, and
// checked for what it broke. The first tool that writes.
import { written } from '../../text/written';
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
  confirmation: async (engine, input, context) => {
    const preview = await engine.preview(input);
    const newName = written(inputFields(input)?.new_name);
    if (preview === undefined || preview.files.length === 0) {
      return {
        title: context.l10n.t('Rename to `{0}`?', newName),
        message: context.l10n.t('The language server will be asked to rename the symbol, and every changed file saved.'),
      };
    }
    return {
      title: context.l10n.t('Rename `{0}` to `{1}`?', preview.oldName, preview.newName),
      message:
        preview.files.length === 1
          ? context.l10n.t('1 file changes, and is saved. The LSP card can undo it.')
          : context.l10n.t('{0} files change, and are saved. The LSP card can undo it.', preview.files.length),
    };
  },
};
