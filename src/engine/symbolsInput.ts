// Validates lsp_symbols' raw input: a name to search the workspace for, a file to outline, or both.
import { LspToolError } from './errors';

export interface SymbolsToolInput {
  query?: string;
  file_path?: string;
}

export type SymbolsArgs =
  | { mode: 'workspace'; query: string }
  | { mode: 'outline'; filePath: string }
  | { mode: 'file'; filePath: string; query: string };

const SCHEMA_HINT = 'Call lsp_symbols with {"query": string} to find a symbol by name in the workspace, {"file_path": string} for a file\'s outline, or both for that file\'s symbols matching the name.';

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'). */
export function parseSymbolsArgs(input: unknown): SymbolsArgs {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new LspToolError('LSP_INVALID_ARGUMENT', `invalid arguments: expected an object. ${SCHEMA_HINT}`);
  }
  const { query, file_path: filePath } = input as Record<string, unknown>;
  const violations: string[] = [];
  if (query !== undefined && query !== null && typeof query !== 'string') violations.push('"query" must be a string');
  if (filePath !== undefined && filePath !== null && typeof filePath !== 'string') violations.push('"file_path" must be a string');
  if (violations.length > 0) throw new LspToolError('LSP_INVALID_ARGUMENT', `invalid arguments: ${violations.join('; ')}. ${SCHEMA_HINT}`);
  const name = typeof query === 'string' ? query.trim() : '';
  const file = typeof filePath === 'string' && filePath.trim() !== '' ? filePath : undefined;
  if (file === undefined) {
    if (name === '') throw new LspToolError('LSP_INVALID_ARGUMENT', `pass "query" (a symbol name), "file_path" (a file to outline), or both. ${SCHEMA_HINT}`);
    return { mode: 'workspace', query: name };
  }
  return name === '' ? { mode: 'outline', filePath: file } : { mode: 'file', filePath: file, query: name };
}
