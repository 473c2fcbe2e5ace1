// Validates the tool's raw input (from a model, a user or a script) into zero-based query arguments.
import { checkSchema, inputRecord, positionArgs } from './positionInput';
import { LSP_OPERATIONS, type LspOperation, type LspPosition } from './result';

export interface LspToolInput {
  operation: LspOperation;
  file_path: string;
  line: number;
  character: number;
  symbol?: string;
}

export interface ParsedArgs {
  operation: LspOperation;
  /** Exactly as given (untrimmed): docs/contract.md §2.2. */
  filePath: string;
  /** Zero-based. */
  position: LspPosition;
  symbol?: string;
}

const REQUIRED = ['operation', 'file_path', 'line', 'character'] as const;
const SCHEMA_HINT =
  'Call lsp with {"operation": "goToDefinition"|"findReferences"|"goToImplementation"|"hover", "file_path": string, "line": number, "character": number}; line and character are one-based.';

function isOperation(value: unknown): value is LspOperation {
  return typeof value === 'string' && (LSP_OPERATIONS as readonly string[]).includes(value);
}

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'); checks run in docs/contract.md §2.2's order. */
export function parseLspArgs(input: unknown): ParsedArgs {
  const record = inputRecord(input, SCHEMA_HINT);
  checkSchema(record, REQUIRED, SCHEMA_HINT, ({ operation }) =>
    operation !== undefined && !isOperation(operation) ? [`"operation" must be one of ${JSON.stringify(LSP_OPERATIONS)}`] : [],
  );
  return { operation: record.operation as LspOperation, ...positionArgs(record) };
}
