// Where the extension's API puts the lsp_rename tool, and that it writes: read by the activation
// bundle, which carries nothing else of the tool (src/tools/list.ts).
import { toolApi } from '../definition';
import type { RenameResult } from './engine';
import type { RenameToolInput } from './input';

export const RENAME_API = toolApi<RenameResult, RenameToolInput>()({
  name: 'lsp_rename',
  twin: 'rename',
  tool: 'renameTool',
  command: 'lspTool.rename',
  writes: true,
});
