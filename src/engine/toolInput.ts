// Validates the tool's raw input (from a model, a user or a script) into zero-based query arguments.
import { LspToolError } from './errors';
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
  /** Exactly as given (untrimmed), like the original. */
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

function schemaViolations(input: Record<string, unknown>): string[] {
  const violations: string[] = [];
  for (const key of REQUIRED) {
    if (!(key in input) || input[key] === undefined) violations.push(`missing required property "${key}"`);
  }
  const { operation, file_path: filePath, symbol } = input;
  if (operation !== undefined && !isOperation(operation)) {
    violations.push(`"operation" must be one of ${JSON.stringify(LSP_OPERATIONS)}`);
  }
  if (filePath !== undefined && typeof filePath !== 'string') violations.push('"file_path" must be a string');
  for (const key of ['line', 'character'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'number') violations.push(`"${key}" must be a number`);
    else if (!Number.isFinite(value)) violations.push(`"${key}" must be a finite JSON number`);
  }
  if (symbol !== undefined && symbol !== null && typeof symbol !== 'string') violations.push('"symbol" must be a string');
  return violations;
}

function invalid(detail: string, hint: string): LspToolError {
  return new LspToolError('LSP_INVALID_ARGUMENT', `${detail}. ${hint}`);
}

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'); checks run in the original's order. */
export function parseLspArgs(input: unknown): ParsedArgs {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('invalid arguments: expected an object', SCHEMA_HINT);
  }
  const record = input as Record<string, unknown>;
  const violations = schemaViolations(record);
  if (violations.length > 0) throw invalid(`invalid arguments: ${violations.join('; ')}`, SCHEMA_HINT);

  const operation = record.operation as LspOperation;
  const filePath = record.file_path as string;
  const line = record.line as number;
  const character = record.character as number;
  if (filePath.trim() === '') {
    throw invalid('file_path must be a non-empty string', 'Pass a path relative to a workspace folder, or an absolute path.');
  }
  if (!Number.isInteger(line) || line < 1) {
    throw invalid('line must be a positive integer (one-based)', `Got ${String(line)}; the first line of a file is 1.`);
  }
  if (!Number.isInteger(character) || character < 1) {
    throw invalid(
      'character must be a positive integer (one-based)',
      `Got ${String(character)}; the first column of a line is 1 (UTF-16 code units).`,
    );
  }
  const parsed: ParsedArgs = { operation, filePath, position: { line: line - 1, character: character - 1 } };
  const symbol = record.symbol;
  if (typeof symbol === 'string' && symbol.trim() !== '') parsed.symbol = symbol.trim();
  return parsed;
}
