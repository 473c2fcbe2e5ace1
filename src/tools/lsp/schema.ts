// The `lsp` tool's name and input schema (the part of its manifest entry the engine reads).
import type { ToolSchema } from '../../engine/toolSchema';

export const LSP_SCHEMA = {
  name: 'lsp',
  inputSchema: {
    type: 'object',
    properties: {
      operation: {
        type: 'string',
        enum: ['goToDefinition', 'findReferences', 'goToImplementation', 'hover'],
        description: 'goToDefinition, findReferences, goToImplementation, or hover.',
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
    },
    required: ['operation', 'file_path', 'line', 'character'],
  },
} as const satisfies ToolSchema;
