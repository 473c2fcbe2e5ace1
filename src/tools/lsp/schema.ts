// The `lsp` tool's name and input schema (the part of its manifest entry the engine reads).
import { POSITION_PROPERTIES } from '../../engine/positionInput';
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
      ...POSITION_PROPERTIES,
    },
    required: ['operation', 'file_path', 'line', 'character'],
  },
} as const satisfies ToolSchema;
