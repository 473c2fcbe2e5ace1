// The `lsp_hierarchy` tool's name and input schema (the part of its manifest entry the engine reads).
import type { ToolSchema } from '../../engine/toolSchema';

export const HIERARCHY_SCHEMA = {
  name: 'lsp_hierarchy',
  inputSchema: {
    type: 'object',
    properties: {
      direction: {
        type: 'string',
        enum: ['incomingCalls', 'outgoingCalls', 'supertypes', 'subtypes'],
        description: 'incomingCalls (callers), outgoingCalls (callees), supertypes, or subtypes.',
      },
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
      depth: {
        type: 'integer',
        minimum: 1,
        maximum: 5,
        description: 'Optional. Levels to expand, 1 to 5; default 1.',
      },
    },
    required: ['direction', 'file_path', 'line', 'character'],
  },
} as const satisfies ToolSchema;
