// The language-model tool `lsp_hierarchy`: calls and the type tree, several levels in one call.
// Its package.json languageModelTools entry, as TypeScript data: test/unit/manifest.test.ts checks
// package.json against it. Read by the manifest check and the tools' listings (MCP), not at activation.
import type { ToolManifest } from '../../engine/toolSchema';
import { HIERARCHY_SCHEMA } from './schema';

export const HIERARCHY_MANIFEST = {
  name: HIERARCHY_SCHEMA.name,
  toolReferenceName: 'lspHierarchy',
  displayName: '%tool.lspHierarchy.displayName%',
  userDescription: '%tool.lspHierarchy.userDescription%',
  modelDescription:
    'Walk the call or type hierarchy of the symbol at a position, several levels in one call: who calls it (incomingCalls), what it calls (outgoingCalls), its supertypes or its subtypes. line and character are one-based UTF-16 cursor coordinates; depth (1 to 5, default 1) is how many levels to expand.\n\nUse lsp_hierarchy before changing a function to see its callers and their callers, instead of one findReferences call per level; calls are listed without imports or type positions. Each line is path:line:character: kind name, indented two spaces per level below the item it relates to. Call lines end with their call sites as line:character: "calls at" (incomingCalls) gives sites in that line\'s own file, "called at" (outgoingCalls) gives sites in the parent\'s file. [repeated] marks an item listed higher in the tree and [cycle] an item that is its own ancestor; neither is expanded again. Notes at the end say when results may be partial, when no provider answered, or when subtypes came from the implementation provider.',
  canBeReferencedInPrompt: true,
  icon: '$(type-hierarchy)',
  tags: ['lsp', 'navigation', 'code', 'hierarchy'],
  inputSchema: HIERARCHY_SCHEMA.inputSchema,
} as const satisfies ToolManifest;
