// The language-model tool `lsp`: the four operations at a position.
// package.json's languageModelTools entry is checked against this (test/unit/manifest.test.ts).
import type { ToolManifest } from '../../engine/toolSchema';

export const LSP_MANIFEST = {
  name: 'lsp',
  toolReferenceName: 'lsp',
  displayName: '%tool.lsp.displayName%',
  userDescription: '%tool.lsp.userDescription%',
  modelDescription: 'Query a language server for precise code navigation. operation is one of goToDefinition, findReferences, goToImplementation, hover. line and character are one-based UTF-16 cursor coordinates. findReferences includes the declaration.\n\nUse search/read for ordinary navigation. Use lsp when textual matches are ambiguous or before a change requires precise definitions, implementations, or references. Positions are one-based line and character (UTF-16) at the cursor; an off-symbol position may return no results. findReferences always includes the declaration.',
  canBeReferencedInPrompt: true,
  icon: '$(symbol-reference)',
  tags: [
    'lsp',
    'navigation',
    'code'
  ],
  inputSchema: {
    type: 'object',
    properties: {
      operation: {
        type: 'string',
        enum: [
          'goToDefinition',
          'findReferences',
          'goToImplementation',
          'hover'
        ],
        description: 'goToDefinition, findReferences, goToImplementation, or hover.'
      },
      file_path: {
        type: 'string',
        description: 'The source file to query, relative to the workspace or absolute.'
      },
      line: {
        type: 'number',
        description: 'One-based line of the cursor.'
      },
      character: {
        type: 'number',
        description: 'One-based UTF-16 column of the cursor.'
      },
      symbol: {
        type: 'string',
        description: 'Optional. The identifier you mean; if the cursor is not on it, the query moves to its nearest occurrence on or near that line.'
      }
    },
    required: [
      'operation',
      'file_path',
      'line',
      'character'
    ]
  }
} as const satisfies ToolManifest;
