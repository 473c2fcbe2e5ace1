// The language-model tool `lsp_symbols`: a name to positions `lsp` can use, or a file's outline.
// package.json's languageModelTools entry is checked against this (test/unit/manifest.test.ts).
import type { ToolManifest } from '../../engine/toolSchema';

export const SYMBOLS_MANIFEST = {
  name: 'lsp_symbols',
  toolReferenceName: 'lspSymbols',
  displayName: '%tool.lspSymbols.displayName%',
  userDescription: '%tool.lspSymbols.userDescription%',
  modelDescription: 'Find symbols by name, or list a file\'s outline, through the language server. Use it to turn a name into the position the lsp tool needs, or to see a file\'s structure before reading it. Each line is path:line:character: kind name, with line and character one-based at the start of the symbol\'s name, so lsp answers for that symbol there.\n\nquery searches the workspace for one name (not a qualified Foo.bar), exact matches first. file_path alone gives the file\'s outline, nested by indentation. Both give that file\'s symbols whose name contains query.',
  canBeReferencedInPrompt: true,
  icon: '$(symbol-class)',
  tags: [
    'lsp',
    'navigation',
    'code',
    'symbols'
  ],
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: 'A symbol name to find, or part of one.'
      },
      file_path: {
        type: 'string',
        description: 'A source file, relative to the workspace or absolute: its outline, or its symbols that match query.'
      }
    },
    required: []
  }
} as const satisfies ToolManifest;
