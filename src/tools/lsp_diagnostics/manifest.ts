// The language-model tool `lsp_diagnostics`: the errors and warnings the editor's language servers
// report, fresh after an edit. Its package.json languageModelTools entry, as TypeScript data:
// test/unit/manifest.test.ts checks package.json against it.
import type { ToolManifest } from '../../engine/toolSchema';
import { DIAGNOSTICS_SCHEMA } from './schema';

export const DIAGNOSTICS_MANIFEST = {
  name: DIAGNOSTICS_SCHEMA.name,
  toolReferenceName: 'lspDiagnostics',
  displayName: '%tool.lspDiagnostics.displayName%',
  userDescription: '%tool.lspDiagnostics.userDescription%',
  modelDescription:
    "List the errors and warnings the editor's language servers report, fresh: each file is checked against its current text (the disk's, or the editor's where it has unsaved changes) before it answers, so call it right after an edit instead of running a compiler. An edit's errors land in the files that use what it changed, which nobody opened: those are found and checked too. Each line is path:line:character: severity message (source code), grouped by file, the changed files and the files that use them first, errors first; the first line gives the totals.\n\nfile_paths (files or folders) narrows it; a changed file named alone also gets a section with the errors in the files that use it. Without file_paths: the files changed since the editor started, the files that use them, and every file that has diagnostics. Notes at the end name files that could not be checked, and why.",
  canBeReferencedInPrompt: true,
  icon: '$(warning)',
  tags: ['lsp', 'diagnostics', 'errors', 'code'],
  inputSchema: DIAGNOSTICS_SCHEMA.inputSchema,
} as const satisfies ToolManifest;
