// Where the extension's API puts the lsp_diagnostics tool, its palette command, and whether it
// writes: read by the activation bundle, which carries nothing else of the tool (src/tools/list.ts).
import type { DiagnosticsResult } from '../../engine/result';
import { toolApi } from '../definition';
import type { DiagnosticsToolInput } from './input';

export const DIAGNOSTICS_API = toolApi<DiagnosticsResult, DiagnosticsToolInput>()({
  name: 'lsp_diagnostics',
  twin: 'diagnostics',
  tool: 'diagnosticsTool',
  command: 'lspTool.queryDiagnostics',
  writes: false,
  /** "LSP: Show Problems (fresh)" (./commands.ts). */
  commands: ['lspTool.showProblems'],
});
