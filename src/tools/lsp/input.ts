// Validates the `lsp` tool's raw input (from a model, a user or a script) into zero-based query
// arguments, and names a call as the card and the chat show it.
import { checkSchema, inputRecord, positionArgs } from '../../engine/positionInput';
import { LSP_OPERATIONS, type LspOperation, type LspPosition } from '../../engine/result';
import { schemaHint } from '../../engine/toolSchema';
import { written } from '../../text/written';
import { LSP_SCHEMA } from './schema';

export interface LspToolInput {
  operation: LspOperation;
  file_path: string;
  line: number;
  character: number;
  symbol?: string;
}

export interface ParsedArgs {
  operation: LspOperation;
  /** Exactly as given (untrimmed). */
  filePath: string;
  /** Zero-based. */
  position: LspPosition;
  symbol?: string;
}

const SCHEMA_HINT = schemaHint(LSP_SCHEMA, '; line and character are one-based.');

function isOperation(value: unknown): value is LspOperation {
  return typeof value === 'string' && (LSP_OPERATIONS as readonly string[]).includes(value);
}

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'); checks run in the contract's order. */
export function parseLspArgs(input: unknown): ParsedArgs {
  const record = inputRecord(input, SCHEMA_HINT);
  checkSchema(record, LSP_SCHEMA.inputSchema.required, SCHEMA_HINT, ({ operation }) =>
    operation !== undefined && !isOperation(operation) ? [`"operation" must be one of ${JSON.stringify(LSP_OPERATIONS)}`] : [],
  );
  return { operation: record.operation as LspOperation, ...positionArgs(record) };
}

/** The card title: raw arguments, exactly as the caller wrote them (bad input included). */
export function invocationTitle(input: { operation?: unknown; file_path?: unknown; line?: unknown; character?: unknown } | undefined): string {
  return `LSP ${written(input?.operation)} ${written(input?.file_path)}:${written(input?.line)}:${written(input?.character)}`;
}
