// The language-model tool `lsp_rename`: a symbol renamed everywhere by the editor's language server,
// saved, and checked for what it broke. Its package.json languageModelTools entry, as TypeScript
// data: test/unit/manifest.test.ts checks package.json against it.
import type { ToolManifest } from '../../engine/toolSchema';
import { WRITING_TOOL_WHEN } from '../../ids';
import { RENAME_SCHEMA } from './schema';

export const RENAME_MANIFEST = {
  name: RENAME_SCHEMA.name,
  toolReferenceName: 'lspRename',
  displayName: '%tool.lspRename.displayName%',
  userDescription: '%tool.lspRename.userDescription%',
  modelDescription:
    "Rename a symbol everywhere it is used, as the editor's language server does it (scope-aware: not a text replace), then save every changed file and check what the rename broke. Use it instead of editing each use by hand or with search and replace. file_path, line and character (one-based, UTF-16) point at the symbol, as for lsp; symbol (optional) names it so that a position slightly off still finds it; new_name is the new identifier.\n\nThe edit is applied whole or not at all. The first line gives the counts; the changed locations follow, grouped by file, at their new positions; then the errors the rename caused (path:line:character: error message), or a line that says there are none. It refuses, changing nothing, where the server cannot rename there (a keyword, a library's symbol), where new_name is not an identifier, and, for callers that read the disk, where a file it would change has unsaved changes in the editor.",
  canBeReferencedInPrompt: true,
  icon: '$(edit)',
  tags: ['lsp', 'rename', 'refactor', 'code'],
  inputSchema: RENAME_SCHEMA.inputSchema,
  // Not offered in Restricted Mode or with lspTool.writingTools off (platform/writingContext.ts); the call path refuses it there too.
  when: WRITING_TOOL_WHEN,
} as const satisfies ToolManifest;
