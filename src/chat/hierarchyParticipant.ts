// @lsp /callers, /callees, /supertypes and /subtypes: resolve the prompt as the other slash commands
// do, call lsp_hierarchy through vscode.lm.invokeTool, and stream the tree as clickable anchors.
import * as vscode from 'vscode';
import type { CursorAt } from '../commands/atCursor';
import type { HierarchyNode, HierarchyRoot } from '../engine/hierarchyResult';
import type { HierarchyDirection, Workspace } from '../engine/ports';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';
import { HIERARCHY_MANIFEST } from '../tools/lsp_hierarchy/manifest';
import { displayPath } from '../text/displayPath';
import { nodeSuffix } from '../text/renderHierarchy';
import { callTool, type ChatReply, MAX_ANCHORS } from './reply';

export const SLASH_DIRECTIONS: Record<string, HierarchyDirection> = {
  callers: 'incomingCalls',
  callees: 'outgoingCalls',
  supertypes: 'supertypes',
  subtypes: 'subtypes',
};

export interface HierarchyChatDeps {
  outcomes: RecentHierarchies;
  workspace: Workspace;
}

export async function answerHierarchy(
  direction: HierarchyDirection,
  at: CursorAt,
  request: vscode.ChatRequest,
  reply: ChatReply,
  token: vscode.CancellationToken,
  deps: HierarchyChatDeps,
): Promise<vscode.ChatResult> {
  const input = { direction, file_path: at.file_path, line: at.line, character: at.character };
  const called = await callTool(reply, HIERARCHY_MANIFEST.name, input, request, token, {
    lastId: deps.outcomes.lastId,
    find: (before) => deps.outcomes.findAfter(before, input)?.outcome,
  });
  if ('failed' in called) return { metadata: { direction, error: true } };
  if ('text' in called) {
    reply.text(called.text);
    return { metadata: { direction } };
  }
  const { outcome } = called;
  const roots = deps.workspace.roots();
  const pathOf = (uri: string): string => displayPath(uri, outcome.resolvedWorkspaceUri, roots);
  let anchors = 0;
  let omitted = 0;
  const row = (node: HierarchyRoot | HierarchyNode, level: number): void => {
    if (anchors >= MAX_ANCHORS) {
      omitted++;
      return;
    }
    anchors++;
    const { item } = node;
    const { line, character } = item.selectionRange.start;
    const detail = `${item.kind} ${item.name}${level > 0 ? nodeSuffix(node as HierarchyNode, direction) : ''}`;
    reply.row({ uri: item.uri, line, character, label: `${pathOf(item.uri)}:${line + 1}:${character + 1}`, detail, depth: level });
  };
  const visit = (nodes: readonly HierarchyNode[], level: number): void => {
    for (const node of nodes) {
      row(node, level);
      visit(node.children, level + 1);
    }
  };
  if (outcome.result.roots.length === 0) reply.text(vscode.l10n.t('No results.'));
  for (const root of outcome.result.roots) {
    row(root, 0);
    visit(root.children, 1);
  }
  reply.more(omitted);
  reply.notes(outcome.notes);
  return { metadata: { direction, roots: outcome.result.roots.length } };
}
