// The language-model tool `lsp_hierarchy`: calls and the type tree, several levels in one call.
// package.json's languageModelTools entry is checked against this (test/unit/manifest.test.ts).
import type { ToolManifest } from '../../engine/toolSchema';

export const HIERARCHY_MANIFEST = {
  name: 'lsp_hierarchy',
  toolReferenceName: 'lspHierarchy',
  displayName: '%tool.lspHierarchy.displayName%',
  userDescription: '%tool.lspHierarchy.userDescription%',
  modelDescription: 'Walk the call or type hierarchy of the symbol at a position, several levels in one call: who calls it (incomingCalls), what it calls (outgoingCalls), its supertypes or its subtypes. line and character are one-based UTF-16 cursor coordinates; depth (1 to 5, default 1) is how many levels to expand.\n\nUse lsp_hierarchy before changing a function to see its callers and their callers, instead of one findReferences call per level; calls are listed without imports or type positions. Each line is path:line:character: kind name, indented two spaces per level below the item it relates to. Call lines end with their call sites as line:character: "calls at" (incomingCalls) gives sites in that line\'s own file, "called at" (outgoingCalls) gives sites in the parent\'s file. [repeated] marks an item listed higher in the tree and [cycle] an item that is its own ancestor; neither is expanded again. Notes at the end say when results may be partial, when no provider answered, or when subtypes came from the implementation provider.',
  canBeReferencedInPrompt: true,
  icon: '$(type-hierarchy)',
  tags: [
    'lsp',
    'navigation',
    'code',
    'hierarchy'
  ],
  inputSchema: {
    type: 'object',
    properties: {
      direction: {
        type: 'string',
        enum: [
          'incomingCalls',
          'outgoingCalls',
          'supertypes',
          'subtypes'
        ],
        description: 'incomingCalls (callers), outgoingCalls (callees), supertypes, or subtypes.'
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
      },
      depth: {
        type: 'integer',
        minimum: 1,
        maximum: 5,
        description: 'Optional. Levels to expand, 1 to 5; default 1.'
      }
    },
    required: [
      'direction',
      'file_path',
      'line',
      'character'
    ]
  }
} as const satisfies ToolManifest;
