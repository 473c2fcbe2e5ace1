// Where the extension's API puts the lsp tool, and whether it writes: read by the activation bundle,
// which carries nothing else of the tool (src/tools/list.ts).
import type { LspQueryResult } from '../../engine/result';
import { toolApi } from '../definition';
import type { LspToolInput } from './input';

export const LSP_API = toolApi<LspQueryResult, LspToolInput>()({ name: 'lsp', twin: 'query', tool: 'tool', command: 'lspTool.query', writes: false });
