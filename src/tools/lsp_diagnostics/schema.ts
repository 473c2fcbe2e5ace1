// The `lsp_diagnostics` tool's name and input schema (the part of its manifest entry the engine reads).
import type { ToolSchema } from '../../engine/toolSchema';

export const DIAGNOSTICS_SCHEMA = {
  name: 'lsp_diagnostics',
  inputSchema: {
    type: 'object',
    properties: {
      file_paths: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Optional. Files or folders, relative to the workspace or absolute. Without it: the files changed since the editor started, the files that use them, and every file that has diagnostics.',
      },
      severity: {
        type: 'string',
        enum: ['error', 'warning', 'all'],
        description: 'Optional. error (errors only), warning (errors and warnings, the default), or all (hints and information too).',
      },
    },
    required: [],
  },
} as const satisfies ToolSchema;
