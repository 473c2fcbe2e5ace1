// The input fields every position tool shares (`file_path`, `line`, `character`, `symbol`):
// validated in the order and words of docs/contract.md §2.2, so lsp and lsp_hierarchy say the same.
import { LspToolError } from './errors';
import type { LspPosition } from './result';
import { written } from '../text/written';

/** The schema of those fields, as lsp and lsp_hierarchy list them (after their own first field). */
export const POSITION_PROPERTIES = {
  file_path: {
    type: 'string',
    description: 'The source file to query, relative to the workspace or absolute.',
  },
  line: {
    type: 'number',
    description: 'One-based line of the cursor.',
  },
  character: {
    type: 'number',
    description: 'One-based UTF-16 column of the cursor.',
  },
  symbol: {
    type: 'string',
    description: 'Optional. The identifier you mean; if the cursor is not on it, the query moves to its nearest occurrence on or near that line.',
  },
} as const;

export interface PositionArgs {
  /** Exactly as given (untrimmed): docs/contract.md §2.2. */
  filePath: string;
  /** Zero-based. */
  position: LspPosition;
  symbol?: string;
}

export function invalid(detail: string, hint: string): LspToolError {
  return new LspToolError('LSP_INVALID_ARGUMENT', `${detail}. ${hint}`);
}

/** The input as a record, or LSP_INVALID_ARGUMENT with the tool's schema hint. */
export function inputRecord(input: unknown, hint: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('invalid arguments: expected an object', hint);
  return input as Record<string, unknown>;
}

/**
 * Schema violations, in order: missing required keys, then the tool's own field (`ownField`, e.g.
 * operation or direction), then the position fields, then `moreFields` (e.g. depth). Throws them
 * all in one LSP_INVALID_ARGUMENT.
 */
export function checkSchema(
  input: Record<string, unknown>,
  required: readonly string[],
  hint: string,
  ownField: (input: Record<string, unknown>) => string[],
  moreFields: (input: Record<string, unknown>) => string[] = () => [],
): void {
  const violations: string[] = [];
  for (const key of required) {
    if (!(key in input) || input[key] === undefined) violations.push(`missing required property "${key}"`);
  }
  violations.push(...ownField(input));
  const { file_path: filePath, symbol } = input;
  if (filePath !== undefined && typeof filePath !== 'string') violations.push('"file_path" must be a string');
  for (const key of ['line', 'character'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'number') violations.push(`"${key}" must be a number`);
    else if (!Number.isFinite(value)) violations.push(`"${key}" must be a finite JSON number`);
  }
  if (symbol !== undefined && symbol !== null && typeof symbol !== 'string') violations.push('"symbol" must be a string');
  violations.push(...moreFields(input));
  if (violations.length > 0) throw invalid(`invalid arguments: ${violations.join('; ')}`, hint);
}

/** The position fields of a record that passed checkSchema: a non-empty path, one-based positive line and character. */
export function positionArgs(record: Record<string, unknown>): PositionArgs {
  const filePath = record.file_path as string;
  const line = record.line as number;
  const character = record.character as number;
  if (filePath.trim() === '') {
    throw invalid('file_path must be a non-empty string', 'Pass a path relative to a workspace folder, or an absolute path.');
  }
  if (!Number.isInteger(line) || line < 1) {
    throw invalid('line must be a positive integer (one-based)', `Got ${written(line)}; the first line of a file is 1.`);
  }
  if (!Number.isInteger(character) || character < 1) {
    throw invalid('character must be a positive integer (one-based)', `Got ${written(character)}; the first column of a line is 1 (UTF-16 code units).`);
  }
  const parsed: PositionArgs = { filePath, position: { line: line - 1, character: character - 1 } };
  const symbol = record.symbol;
  if (typeof symbol === 'string' && symbol.trim() !== '') parsed.symbol = symbol.trim();
  return parsed;
}
