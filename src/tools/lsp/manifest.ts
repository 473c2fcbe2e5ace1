// The language-model tool `lsp`: the four operations at a position.
// Its package.json languageModelTools entry, as TypeScript data: test/unit/manifest.test.ts checks
// package.json against it. Read by the manifest check and the tools' listings (MCP), not at activation.
import type { ToolManifest } from '../../engine/toolSchema';
import { LSP_SCHEMA } from './schema';

export const LSP_MANIFEST = {
  name: LSP_SCHEMA.name,
  toolReferenceName: 'lsp',
  displayName: '%tool.lsp.displayName%',
  userDescription: '%tool.lsp.userDescription%',
  modelDescription:
    'Query a language server for precise code navigation. operation is one of goToDefinition, findReferences, goToImplementation, hover. line and character are one-based UTF-16 cursor coordinates. findReferences includes the declaration.\n\nUse search/read for ordinary navigation. Use lsp when textual matches are ambiguous or before a change requires precise definitions, implementations, or references. Positions are one-based line and character (UTF-16) at the cursor; an off-symbol position may return no results. findReferences always includes the declaration.',
  canBeReferencedInPrompt: true,
  icon: '$(symbol-reference)',
  tags: ['lsp', 'navigation', 'code'],
  inputSchema: LSP_SCHEMA.inputSchema,
} as const satisfies ToolManifest;
