// Where the extension's API puts the lsp_hierarchy tool, and whether it writes: read by the
// activation bundle, which carries nothing else of the tool (src/tools/list.ts).
import type { HierarchyResult } from '../../engine/hierarchyResult';
import { toolApi } from '../definition';
import type { HierarchyToolInput } from './input';

export const HIERARCHY_API = toolApi<HierarchyResult, HierarchyToolInput>()({
  name: 'lsp_hierarchy',
  twin: 'hierarchy',
  tool: 'hierarchyTool',
  command: 'lspTool.queryHierarchy',
  writes: false,
});
