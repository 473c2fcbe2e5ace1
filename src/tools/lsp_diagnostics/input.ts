// Validates lsp_diagnostics' raw input: which files or folders, and how severe.
import { LspToolError } from '../../engine/errors';
import { schemaHint } from '../../engine/toolSchema';
import { DIAGNOSTICS_SCHEMA } from './schema';

export interface DiagnosticsToolInput {
  file_paths?: string[];
  severity?: 'error' | 'warning' | 'all';
}

export type SeverityFilter = 'error' | 'warning' | 'all';

export interface DiagnosticsArgs {
  /** Empty: the whole workspace. */
  paths: string[];
  severity: SeverityFilter;
}

const SEVERITIES: readonly SeverityFilter[] = ['error', 'warning', 'all'];

const SCHEMA_HINT = schemaHint(DIAGNOSTICS_SCHEMA, ': both fields are optional; without file_paths, the whole workspace.');

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'). A single string is taken as one path. */
export function parseDiagnosticsArgs(input: unknown): DiagnosticsArgs {
  if (input === undefined || input === null) return { paths: [], severity: 'warning' };
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new LspToolError('LSP_INVALID_ARGUMENT', `invalid arguments: expected an object. ${SCHEMA_HINT}`);
  }
  const { file_paths: rawPaths, severity: rawSeverity } = input as Record<string, unknown>;
  const violations: string[] = [];
  let paths: string[] = [];
  if (typeof rawPaths === 'string') paths = [rawPaths];
  else if (Array.isArray(rawPaths)) {
    if (rawPaths.some((p) => typeof p !== 'string')) violations.push('"file_paths" must be an array of strings');
    else paths = rawPaths as string[];
  } else if (rawPaths !== undefined && rawPaths !== null) violations.push('"file_paths" must be an array of strings');
  if (paths.some((p) => p.trim() === '')) violations.push('"file_paths" must not hold an empty path');
  if (paths.some((p) => p.includes('\0'))) violations.push('"file_paths" must not hold a NUL character');
  let severity: SeverityFilter = 'warning';
  if (rawSeverity !== undefined && rawSeverity !== null) {
    if (typeof rawSeverity === 'string' && (SEVERITIES as readonly string[]).includes(rawSeverity)) severity = rawSeverity as SeverityFilter;
    else violations.push(`"severity" must be one of ${SEVERITIES.map((s) => `"${s}"`).join(', ')}`);
  }
  if (violations.length > 0) throw new LspToolError('LSP_INVALID_ARGUMENT', `invalid arguments: ${violations.join('; ')}. ${SCHEMA_HINT}`);
  return { paths: [...new Set(paths)], severity };
}

/** What a call asked, from its raw input as the caller wrote it: `diagnostics`, `diagnostics src/a.ts src/lib`. */
export function diagnosticsAsked(input: { file_paths?: unknown; severity?: unknown } | undefined): string {
  const raw = input?.file_paths;
  const paths = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
  const severity = typeof input?.severity === 'string' && input.severity !== 'warning' ? ` (${input.severity})` : '';
  return `diagnostics${paths.length === 0 ? '' : ` ${paths.join(' ')}`}${severity}`;
}

/** The title of an lsp_diagnostics call: `LSP diagnostics src/a.ts`. */
export function diagnosticsTitle(input: { file_paths?: unknown; severity?: unknown } | undefined): string {
  return `LSP ${diagnosticsAsked(input)}`;
}

/** The one file the outside-workspace policy can ask about: a call with several paths asks about none. */
export function singlePath(input: { file_paths?: unknown } | undefined): unknown {
  const raw = input?.file_paths;
  if (typeof raw === 'string') return raw;
  return Array.isArray(raw) && raw.length === 1 ? raw[0] : undefined;
}
