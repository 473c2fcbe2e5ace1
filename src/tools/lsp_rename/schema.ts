// The `lsp_rename` tool's name and input schema (the part of its manifest entry the engine reads).
import { POSITION_PROPERTIES } from '../../engine/positionInput';
import type { ToolSchema } from '../../engine/toolSchema';

export const RENAME_SCHEMA = {
  name: 'lsp_rename',
  inputSchema: {
    type: 'object',
    properties: {
      ...POSITION_PROPERTIES,
      new_name: {
        type: 'string',
        description: "The new name: an identifier of the file's language.",
      },
    },
    required: ['file_path', 'line', 'character', 'new_name'],
  },
} as const satisfies ToolSchema;
