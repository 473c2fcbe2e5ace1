// The @lsp chat participant: resolves the prompt to a position, calls the `lsp` tool through
// vscode.lm.invokeTool (so the chat view shows the call), and streams clickable locations.
import * as vscode from 'vscode';
import { toCardEntry } from '../card/cardEntry';
import { inputAtCursor } from '../commands/paletteCommands';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { RecentHierarchies } from '../engine/recentHierarchies';
import type { LspOperation } from '../engine/result';
import { Command, ContextKey, Participant, TOOL_NAME } from '../ids';
import { displayPath } from '../text/displayPath';
import { identifiersOnLine } from '../text/position';
import type { WalkthroughProgress } from '../walkthrough/markUsed';
import { operationFor, parsePrompt, symbolBaseName } from './prompt';
import { answerHierarchy, SLASH_DIRECTIONS } from './hierarchyParticipant';

export interface ParticipantDeps {
  extensionUri: vscode.Uri;
  outcomes: RecentOutcomes;
  workspace: Workspace;
  walkthrough: WalkthroughProgress;
  /** lsp_hierarchy's outcomes, for /callers, /callees, /supertypes and /subtypes. */
  hierarchies?: RecentHierarchies;
}

const MAX_ANCHORS = 100;

type ToolInput = { operation: LspOperation; file_path: string; line: number; character: number };

function text(value: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(value);
}

/** The one-based position of a symbol's name inside its declaration range. */
async function namePosition(symbol: vscode.SymbolInformation): Promise<{ line: number; character: number }> {
  const { range, uri } = symbol.location;
  const name = symbolBaseName(symbol.name);
  const document = await vscode.workspace.openTextDocument(uri);
  for (let line = range.start.line; line <= Math.min(range.end.line, document.lineCount - 1); line++) {
    const from = line === range.start.line ? range.start.character : 0;
    const hit = identifiersOnLine(document.lineAt(line).text).find((id) => id.name === name && id.start >= from);
    if (hit) return { line: line + 1, character: hit.start + 1 };
  }
  return { line: range.start.line + 1, character: range.start.character + 1 };
}

async function resolveInput(prompt: string, operation: LspOperation, stream: vscode.ChatResponseStream, workspace: Workspace): Promise<ToolInput | undefined> {
  const parsed = parsePrompt(prompt);
  switch (parsed.kind) {
    case 'position':
      return { operation, file_path: parsed.filePath, line: parsed.line, character: parsed.character };
    case 'cursor': {
      const input = inputAtCursor(operation);
      if (!input) stream.markdown(vscode.l10n.t('Open a file and put the cursor on a symbol, or ask about `path:line:character` or a symbol name.'));
      return input;
    }
    case 'symbol': {
      stream.progress(vscode.l10n.t('Looking up {0} in the workspace…', parsed.name));
      const found = (await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', parsed.name)) ?? [];
      const seen = new Set<string>();
      const exact = found.filter((s) => {
        const key = `${s.location.uri.toString()}#${s.location.range.start.line}`;
        if (symbolBaseName(s.name) !== parsed.name || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (exact.length === 0) {
        stream.markdown(text(vscode.l10n.t('No symbol named {0} was found in the workspace.', parsed.name)));
        return undefined;
      }
      if (exact.length > 1) {
        stream.markdown(text(vscode.l10n.t('{0} symbols are named {1}. Ask again with one of these positions:', exact.length, parsed.name)));
        stream.markdown('\n\n');
        const roots = workspace.roots();
        for (const s of exact) {
          const { line, character } = await namePosition(s);
          const where = `${displayPath(s.location.uri.toString(), roots[0]?.uri ?? '', roots)}:${line}:${character}`;
          stream.markdown('- ');
          stream.anchor(new vscode.Location(s.location.uri, new vscode.Position(line - 1, character - 1)), where);
          const kind = vscode.SymbolKind[s.kind];
          stream.markdown(text(` ${where} (${s.containerName ? vscode.l10n.t('{0} in {1}', kind, s.containerName) : kind})`));
          stream.markdown('\n');
        }
        return undefined;
      }
      const { line, character } = await namePosition(exact[0]!);
      return { operation, file_path: exact[0]!.location.uri.toString(), line, character };
    }
    default:
      stream.markdown(text(vscode.l10n.t('Ask about a position (`path:line:character`), a symbol name, or nothing for the cursor. "{0}" is neither.', parsed.text)));
      return undefined;
  }
}

export function register(deps: ParticipantDeps): vscode.Disposable {
  const handler: vscode.ChatRequestHandler = async (request, _context, stream, token) => {
    deps.walkthrough.markUsed(ContextKey.participantUsed);
    const direction = request.command === undefined ? undefined : SLASH_DIRECTIONS[request.command];
    if (direction && deps.hierarchies) {
      const at = await resolveInput(request.prompt, 'goToDefinition', stream, deps.workspace);
      return at ? answerHierarchy(direction, at, request, stream, token, { outcomes: deps.hierarchies, workspace: deps.workspace }) : { metadata: { direction } };
    }
    const operation = operationFor(request.command);
    const input = await resolveInput(request.prompt, operation, stream, deps.workspace);
    if (!input) return { metadata: { operation } };
    const before = deps.outcomes.lastId;
    let toolText: string;
    try {
      const result = await vscode.lm.invokeTool(TOOL_NAME, { input, toolInvocationToken: request.toolInvocationToken }, token);
      toolText = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    } catch (err) {
      stream.markdown(text(err instanceof Error ? err.message : String(err)));
      return { metadata: { operation, error: true } };
    }
    const outcome = deps.outcomes.findAfter(before, input)?.outcome;
    if (!outcome) {
      stream.markdown(text(toolText));
      return { metadata: { operation } };
    }
    const { result } = outcome;
    if (result.kind === 'hover') {
      stream.markdown(result.hover ? new vscode.MarkdownString(result.hover.contents) : text(vscode.l10n.t('No hover information.')));
    } else if (result.locations.length === 0) {
      stream.markdown(text(vscode.l10n.t('No results.')));
    } else {
      const lines = await deps.workspace.readLines(result.locations.slice(0, MAX_ANCHORS).map((l) => l.uri), outcome.sourceLines);
      const entry = toCardEntry({
        id: 0, title: '', source: 'participant', operation, notes: [], roots: deps.workspace.roots(),
        result: { ...result, locations: result.locations.slice(0, MAX_ANCHORS) },
        preview: (l) => lines.get(l.uri)?.[l.range.start.line],
      });
      stream.markdown(text(result.locations.length === 1 ? vscode.l10n.t('1 location') : vscode.l10n.t('{0} locations', result.locations.length)));
      if (entry.result.kind === 'locations') {
        for (const group of entry.result.groups) {
          stream.markdown(new vscode.MarkdownString('\n\n').appendText(`${group.path} (${group.rows.length})`).appendMarkdown('\n\n'));
          for (const row of group.rows) {
            const start = new vscode.Position(row.line - 1, row.character - 1);
            stream.markdown('- ');
            stream.anchor(new vscode.Location(vscode.Uri.parse(row.uri ?? group.uri, true), start), `${group.path}:${row.line}:${row.character}`);
            stream.markdown(text(` ${row.line}:${row.character}${row.preview ? `  ${row.preview}` : ''}`));
            stream.markdown('\n');
          }
        }
      }
      if (result.locations.length > MAX_ANCHORS) {
        stream.markdown(text(vscode.l10n.t('… {0} more in the LSP card.', result.locations.length - MAX_ANCHORS)));
        stream.button({ command: Command.showCard, title: vscode.l10n.t('Show the LSP card') });
      }
    }
    for (const note of outcome.notes) stream.markdown(text(`\n${vscode.l10n.t('Note: {0}', note)}\n`));
    return { metadata: { operation, count: result.kind === 'locations' ? result.locations.length : result.hover ? 1 : 0 } };
  };
  const participant = vscode.chat.createChatParticipant(Participant.id, handler);
  participant.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'icon.png');
  return participant;
}
