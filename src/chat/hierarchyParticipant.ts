// @lsp /callers, /callees, /supertypes and /subtypes: resolve the prompt as the other slash commands
// do, call lsp_hierarchy through vscode.lm.invokeTool, and stream the tree as clickable anchors.
import * as vscode from 'vscode';
import type { HierarchyNode, HierarchyRoot } from '../engine/hierarchyResult';
import type { HierarchyDirection, Workspace } from '../engine/ports';
import { Command } from '../ids';
import { displayPath } from '../text/displayPath';
import { nodeSuffix } from '../text/renderHierarchy';
import { HIERARCHY_MANIFEST } from '../tools/lsp_hierarchy/manifest';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';

export const SLASH_DIRECTIONS: Record<string, HierarchyDirection> = {
  callers: 'incomingCalls',
  callees: 'outgoingCalls',
  supertypes: 'supertypes',
  subtypes: 'subtypes',
};

const MAX_ANCHORS = 100;

function text(value: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(value);
}

export interface HierarchyChatDeps {
  outcomes: RecentHierarchies;
  workspace: Workspace;
}

type Position = { file_path: string; line: number; character: number };

export async function answerHierarchy(
  direction: HierarchyDirection,
  at: Position,
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  deps: HierarchyChatDeps,
): Promise<vscode.ChatResult> {
  const input = { direction, file_path: at.file_path, line: at.line, character: at.character };
  const before = deps.outcomes.lastId;
  let toolText: string;
  try {
    const result = await vscode.lm.invokeTool(HIERARCHY_MANIFEST.name, { input, toolInvocationToken: request.toolInvocationToken }, token);
    toolText = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  } catch (err) {
    stream.markdown(text(err instanceof Error ? err.message : String(err)));
    return { metadata: { direction, error: true } };
  }
  const outcome = deps.outcomes.findAfter(before, input)?.outcome;
  if (!outcome) {
    stream.markdown(text(toolText));
    return { metadata: { direction } };
  }
  const roots = deps.workspace.roots();
  const pathOf = (uri: string): string => displayPath(uri, outcome.resolvedWorkspaceUri, roots);
  let anchors = 0;
  let omitted = 0;
  const line = (node: HierarchyRoot | HierarchyNode, level: number): void => {
    if (anchors >= MAX_ANCHORS) {
      omitted++;
      return;
    }
    anchors++;
    const { item } = node;
    const start = new vscode.Position(item.selectionRange.start.line, item.selectionRange.start.character);
    const where = `${pathOf(item.uri)}:${start.line + 1}:${start.character + 1}`;
    stream.markdown(`${'  '.repeat(level)}- `);
    stream.anchor(new vscode.Location(vscode.Uri.parse(item.uri, true), start), where);
    stream.markdown(text(` ${item.kind} ${item.name}${level > 0 ? nodeSuffix(node as HierarchyNode, direction) : ''}`));
    stream.markdown('\n');
  };
  const visit = (nodes: readonly HierarchyNode[], level: number): void => {
    for (const node of nodes) {
      line(node, level);
      visit(node.children, level + 1);
    }
  };
  if (outcome.result.roots.length === 0) stream.markdown(text(vscode.l10n.t('No results.')));
  for (const root of outcome.result.roots) {
    line(root, 0);
    visit(root.children, 1);
  }
  if (omitted > 0) {
    stream.markdown(text(vscode.l10n.t('… {0} more in the LSP card.', omitted)));
    stream.button({ command: Command.showCard, title: vscode.l10n.t('Show the LSP card') });
  }
  for (const note of outcome.notes) stream.markdown(text(`\n${vscode.l10n.t('Note: {0}', note)}\n`));
  return { metadata: { direction, roots: outcome.result.roots.length } };
}
