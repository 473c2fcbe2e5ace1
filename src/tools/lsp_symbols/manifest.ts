// The language-model tool `lsp_symbols`: a name to positions `lsp` can use, or a file's outline.
// Its package.json languageModelTools entry, as TypeScript data: test/unit/manifest.test.ts checks
// package.json against it. Read by the manifest check and the tools' listings (MCP), not at activation.
import type { ToolManifest } from '../../engine/toolSchema';
import { SYMBOLS_SCHEMA } from './schema';

export const SYMBOLS_MANIFEST = {
  name: SYMBOLS_SCHEMA.name,
  toolReferenceName: 'lspSymbols',
  displayName: '%tool.lspSymbols.displayName%',
  userDescription: '%tool.lspSymbols.userDescription%',
  modelDescription:
    "Find symbols by name, or list a file's outline, through the language server. Use it to turn a name into the position the lsp tool needs, or to see a file's structure before reading it. Each line is path:line:character: kind name, with line and character one-based at the start of the symbol's name, so lsp answers for that symbol there.\n\nquery searches the workspace for one name (not a qualified Foo.bar), exact matches first. file_path alone gives the file's outline, nested by indentation. Both give that file's symbols whose name contains query.",
  canBeReferencedInPrompt: true,
  icon: '$(symbol-class)',
  tags: ['lsp', 'navigation', 'code', 'symbols'],
  inputSchema: SYMBOLS_SCHEMA.inputSchema,
} as const satisfies ToolManifest;
