// The `lsp_symbols` tool's name and input schema (the part of its manifest entry the engine reads).
import type { ToolSchema } from '../../engine/toolSchema';

export const SYMBOLS_SCHEMA = {
  name: 'lsp_symbols',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: 'A symbol name to find, or part of one.',
      },
      file_path: {
        type: 'string',
        description: 'A source file, relative to the workspace or absolute: its outline, or its symbols that match query.',
      },
    },
    required: [],
  },
} as const satisfies ToolSchema;
