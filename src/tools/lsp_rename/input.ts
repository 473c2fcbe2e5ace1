// Validates the `lsp_rename` tool's raw input (from a model, a user or a script) into zero-based
// arguments, and names a call as the card and the chat show it.
import { checkSchema, inputRecord, positionArgs, type PositionArgs } from '../../engine/positionInput';
import { schemaHint } from '../../engine/toolSchema';
import { written } from '../../text/written';
import { RENAME_SCHEMA } from './schema';

export interface RenameToolInput {
  file_path: string;
  line: number;
  character: number;
  symbol?: string;
  new_name: string;
}

export interface RenameArgs extends PositionArgs {
  /** Trimmed, non-empty. */
  newName: string;
}

const SCHEMA_HINT = schemaHint(RENAME_SCHEMA, '; line and character are one-based.');

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'); checks run in the contract's order. */
export function parseRenameArgs(input: unknown): RenameArgs {
  const record = inputRecord(input, SCHEMA_HINT);
  checkSchema(record, RENAME_SCHEMA.inputSchema.required, SCHEMA_HINT, ({ new_name: newName }) =>
    newName !== undefined && (typeof newName !== 'string' || newName.trim() === '') ? ['"new_name" must be a non-empty string'] : [],
  );
  return { ...positionArgs(record), newName: (record.new_name as string).trim() };
}

/** The card title: raw arguments, exactly as the caller wrote them (bad input included). */
export function renameTitle(input: Record<string, unknown> | undefined): string {
  return `Rename ${written(input?.file_path)}:${written(input?.line)}:${written(input?.character)} to ${written(input?.new_name)}`;
}
