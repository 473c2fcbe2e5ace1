// The one shape of an @lsp reply: the tool is called through vscode.lm.invokeTool (so the chat shows
// the call), then a title, the results as clickable anchors (grouped by file or indented as a tree),
// what did not fit, the notes, or the error, streamed the same way for every tool.
import * as vscode from 'vscode';
import { Command } from '../ids';
import type { ChatRow } from '../tools/definition';

/** Anchors streamed at most; the rest is counted and left to the card. */
export const MAX_ANCHORS = 100;

/** One result line: `uri` and zero-based `line`/`character` are where the anchor goes. */
export type ReplyRow = ChatRow;

export class ChatReply {
  constructor(private readonly stream: vscode.ChatResponseStream) {}

  /** Text shown as written: never read as markdown. */
  text(value: string): void {
    this.stream.markdown(new vscode.MarkdownString().appendText(value));
  }

  /** Markdown written by us (a hover's contents, or a hint with `code`). */
  markdown(value: string | vscode.MarkdownString): void {
    this.stream.markdown(value);
  }

  progress(value: string): void {
    this.stream.progress(value);
  }

  /** A file's heading above its rows: `path (count)`. */
  group(path: string, count: number): void {
    this.stream.markdown(new vscode.MarkdownString('\n\n').appendText(`${path} (${count})`).appendMarkdown('\n\n'));
  }

  /** A list item whose anchor opens the result. */
  row(row: ReplyRow): void {
    this.stream.markdown(`${'  '.repeat(row.depth ?? 0)}- `);
    this.stream.anchor(new vscode.Location(vscode.Uri.parse(row.uri, true), new vscode.Position(row.line, row.character)), row.label);
    this.text(` ${row.detail}`);
    this.stream.markdown('\n');
  }

  /** Results past MAX_ANCHORS: how many, and the button to the card that lists them all. */
  more(omitted: number): void {
    if (omitted <= 0) return;
    this.text(vscode.l10n.t('… {0} more in the LSP card.', omitted));
    this.stream.button({ command: Command.showCard, title: vscode.l10n.t('Show the LSP card') });
  }

  notes(notes: readonly string[]): void {
    for (const note of notes) this.text(`\n${vscode.l10n.t('Note: {0}', note)}\n`);
  }

  error(err: unknown): void {
    this.text(err instanceof Error ? err.message : String(err));
  }
}

/** What a tool call from chat gave: the outcome it recorded, or only its text (or the error, already shown). */
export type ToolReply<O> = { outcome: O } | { text: string } | { failed: true };

/**
 * Calls `tool` from the chat request and finds the outcome it recorded: `lastId` before the call,
 * `find(before)` after it. A failure is streamed as the error's message.
 */
export async function callTool<O>(
  reply: ChatReply,
  tool: string,
  input: object,
  request: vscode.ChatRequest,
  token: vscode.CancellationToken,
  recorded: { lastId: number; find: (afterId: number) => O | undefined },
): Promise<ToolReply<O>> {
  const before = recorded.lastId;
  let text: string;
  try {
    const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: request.toolInvocationToken }, token);
    text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  } catch (err) {
    reply.error(err);
    return { failed: true };
  }
  const outcome = recorded.find(before);
  return outcome === undefined ? { text } : { outcome };
}
