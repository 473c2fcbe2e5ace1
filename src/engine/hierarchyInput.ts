// Validates lsp_hierarchy's raw input into zero-based arguments, in the style and words of toolInput.ts.
import { LspToolError } from './errors';
import { HIERARCHY_DIRECTIONS } from './hierarchyResult';
import type { HierarchyDirection } from './ports';
import type { LspPosition } from './result';

export interface HierarchyToolInput {
  direction: HierarchyDirection;
  file_path: string;
  line: number;
  character: number;
  symbol?: string;
  depth?: number;
}

export interface ParsedHierarchyArgs {
  direction: HierarchyDirection;
  /** Exactly as given (untrimmed). */
  filePath: string;
  /** Zero-based. */
  position: LspPosition;
  symbol?: string;
  depth: number;
}

export const DEFAULT_DEPTH = 1;
export const MAX_DEPTH = 5;

const REQUIRED = ['direction', 'file_path', 'line', 'character'] as const;
const SCHEMA_HINT =
  'Call lsp_hierarchy with {"direction": "incomingCalls"|"outgoingCalls"|"supertypes"|"subtypes", "file_path": string, "line": number, "character": number, "depth"?: 1-5}; line and character are one-based.';

function isDirection(value: unknown): value is HierarchyDirection {
  return typeof value === 'string' && (HIERARCHY_DIRECTIONS as readonly string[]).includes(value);
}

function schemaViolations(input: Record<string, unknown>): string[] {
  const violations: string[] = [];
  for (const key of REQUIRED) {
    if (!(key in input) || input[key] === undefined) violations.push(`missing required property "${key}"`);
  }
  const { direction, file_path: filePath, symbol, depth } = input;
  if (direction !== undefined && !isDirection(direction)) {
    violations.push(`"direction" must be one of ${JSON.stringify(HIERARCHY_DIRECTIONS)}`);
  }
  if (filePath !== undefined && typeof filePath !== 'string') violations.push('"file_path" must be a string');
  for (const key of ['line', 'character'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'number') violations.push(`"${key}" must be a number`);
    else if (!Number.isFinite(value)) violations.push(`"${key}" must be a finite JSON number`);
  }
  if (symbol !== undefined && symbol !== null && typeof symbol !== 'string') violations.push('"symbol" must be a string');
  if (depth !== undefined && depth !== null && typeof depth !== 'number') violations.push('"depth" must be a number');
  return violations;
}

function invalid(detail: string, hint: string): LspToolError {
  return new LspToolError('LSP_INVALID_ARGUMENT', `${detail}. ${hint}`);
}

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'). */
export function parseHierarchyArgs(input: unknown): ParsedHierarchyArgs {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('invalid arguments: expected an object', SCHEMA_HINT);
  }
  const record = input as Record<string, unknown>;
  const violations = schemaViolations(record);
  if (violations.length > 0) throw invalid(`invalid arguments: ${violations.join('; ')}`, SCHEMA_HINT);

  const direction = record.direction as HierarchyDirection;
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
  let depth = DEFAULT_DEPTH;
  if (typeof record.depth === 'number') {
    depth = record.depth;
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
      throw invalid(`depth must be an integer from 1 to ${MAX_DEPTH}`, `Got ${String(depth)}; depth 1 lists the direct callers, callees, supertypes or subtypes, and each level more expands those once more.`);
    }
  }
  const parsed: ParsedHierarchyArgs = { direction, filePath, position: { line: line - 1, character: character - 1 }, depth };
  const symbol = record.symbol;
  if (typeof symbol === 'string' && symbol.trim() !== '') parsed.symbol = symbol.trim();
  return parsed;
}

/** `LSP incomingCalls src/a.ts:3:17` (and the depth when more than 1): raw arguments, as written. */
export function hierarchyTitle(input: { direction?: unknown; file_path?: unknown; line?: unknown; character?: unknown; depth?: unknown } | undefined): string {
  const depth = input?.depth === undefined || input.depth === 1 ? '' : ` depth ${String(input.depth)}`;
  return `LSP ${String(input?.direction)} ${String(input?.file_path)}:${String(input?.line)}:${String(input?.character)}${depth}`;
}
