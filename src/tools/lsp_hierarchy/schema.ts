// The `lsp_hierarchy` tool's name and input schema (the part of its manifest entry the engine reads).
import { POSITION_PROPERTIES } from '../../engine/positionInput';
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
      ...POSITION_PROPERTIES,
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
