// Validates lsp_symbols' raw input: a name to search the workspace for, a file to outline, or both.
import { LspToolError } from '../../engine/errors';
import { schemaHint } from '../../engine/toolSchema';
import { SYMBOLS_SCHEMA } from './schema';

export interface SymbolsToolInput {
  query?: string;
  file_path?: string;
}

export type SymbolsArgs = { mode: 'workspace'; query: string } | { mode: 'outline'; filePath: string } | { mode: 'file'; filePath: string; query: string };

const SCHEMA_HINT = schemaHint(
  SYMBOLS_SCHEMA,
  ': "query" alone finds a symbol by name in the workspace, "file_path" alone gives that file\'s outline, and both give that file\'s symbols matching the name.',
);

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

/** What an lsp_symbols call asked, from its raw input as the caller wrote it: `symbols Foo`, `outline src/a.ts`, `symbols Foo in src/a.ts`. */
export function symbolsAsked(input: { query?: unknown; file_path?: unknown } | undefined): string {
  const query = typeof input?.query === 'string' ? input.query.trim() : '';
  const file = typeof input?.file_path === 'string' ? input.file_path : '';
  if (file === '') return `symbols ${query}`;
  return query === '' ? `outline ${file}` : `symbols ${query} in ${file}`;
}

/** The title of an lsp_symbols call: `LSP symbols Foo`. */
export function symbolsTitle(input: { query?: unknown; file_path?: unknown } | undefined): string {
  return `LSP ${symbolsAsked(input)}`;
}
