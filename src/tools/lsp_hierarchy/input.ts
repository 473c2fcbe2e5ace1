// Validates lsp_hierarchy's raw input into zero-based arguments, in the style and words of the lsp tool's.
import { HIERARCHY_DIRECTIONS } from '../../engine/hierarchyResult';
import type { HierarchyDirection } from '../../engine/ports';
import { checkSchema, inputRecord, invalid, positionArgs } from '../../engine/positionInput';
import type { LspPosition } from '../../engine/result';
import { schemaHint } from '../../engine/toolSchema';
import { written } from '../../text/written';
import { HIERARCHY_SCHEMA } from './schema';

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
export const MAX_DEPTH = HIERARCHY_SCHEMA.inputSchema.properties.depth.maximum;

const SCHEMA_HINT = schemaHint(HIERARCHY_SCHEMA, '; line and character are one-based.');

function isDirection(value: unknown): value is HierarchyDirection {
  return typeof value === 'string' && (HIERARCHY_DIRECTIONS as readonly string[]).includes(value);
}

/** Throws only LspToolError('LSP_INVALID_ARGUMENT'). */
export function parseHierarchyArgs(input: unknown): ParsedHierarchyArgs {
  const record = inputRecord(input, SCHEMA_HINT);
  checkSchema(
    record,
    HIERARCHY_SCHEMA.inputSchema.required,
    SCHEMA_HINT,
    ({ direction }) => (direction !== undefined && !isDirection(direction) ? [`"direction" must be one of ${JSON.stringify(HIERARCHY_DIRECTIONS)}`] : []),
    ({ depth }) => (depth !== undefined && depth !== null && typeof depth !== 'number' ? ['"depth" must be a number'] : []),
  );
  const position = positionArgs(record);
  let depth = DEFAULT_DEPTH;
  if (typeof record.depth === 'number') {
    depth = record.depth;
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
      throw invalid(
        `depth must be an integer from 1 to ${MAX_DEPTH}`,
        `Got ${written(depth)}; depth 1 lists the direct callers, callees, supertypes or subtypes, and each level more expands those once more.`,
      );
    }
  }
  return { direction: record.direction as HierarchyDirection, ...position, depth };
}

/** `LSP incomingCalls src/a.ts:3:17` (and the depth when more than 1): raw arguments, as written. */
export function hierarchyTitle(input: { direction?: unknown; file_path?: unknown; line?: unknown; character?: unknown; depth?: unknown } | undefined): string {
  const depth = input?.depth === undefined || input.depth === 1 ? '' : ` depth ${written(input.depth)}`;
  return `LSP ${written(input?.direction)} ${written(input?.file_path)}:${written(input?.line)}:${written(input?.character)}${depth}`;
}
