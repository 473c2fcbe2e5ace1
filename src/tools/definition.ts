// One tool, defined once (pure): its name and schema, its engine, how a call is titled and what file
// it reads, whether it writes, its structured value, its card body, and (optionally) its palette
// commands and its @lsp reply. The call path, the transports, the API, the card, the command
// registration and the @lsp participant loop over these (the list: list.ts). What only an older tool
// has (the lsp tool's palette commands in commands/, its hand-off in references/) imports that tool's
// folder directly. (Its manifest entry, with the descriptions, is the folder's manifest.ts.)
import type { CardBody } from '../card/webview/protocol';
import type { CallOptions, EngineDeps } from '../engine/baseQuery';
import type { CancellationLike } from '../engine/budget';
import type { EarlyAnswer } from '../engine/earlyAnswer';
import type { OutcomeHeader } from '../engine/outcome';
import type { Workspace } from '../engine/ports';
import type { ToolSchema } from '../engine/toolSchema';
import type { WorkspaceRoot } from '../text/displayPath';

/** What a card body may read: the workspace's roots for display paths, source lines for previews. */
export interface CardContext {
  roots: readonly WorkspaceRoot[];
  readLines: Workspace['readLines'];
}

/**
 * A tool's identity as the activation bundle reads it (the folder's api.ts, nothing else of the
 * tool): its name, where the extension's API puts it, its commands, and whether it writes.
 */
export interface ToolApi<R = unknown, I = unknown> {
  /** The tool's name (its schema's). */
  readonly name: string;
  /** The API field of its structured twin (the value, not the text). */
  readonly twin: string;
  /** The API field of the registered language-model tool. */
  readonly tool: string;
  /** The command that runs the twin from scripts. */
  readonly command: string;
  /**
   * Whether a call changes files. false: it only asks the language servers about files it does not
   * change (MCP lists it read-only: src/mcp/listing.ts).
   */
  readonly writes: boolean;
  /** The palette commands the tool contributes (package.json), handled by its definition's `commands`. */
  readonly commands?: readonly string[];
  /** Types only (never set): the twin's value and the tool's input, for the API's typed members. */
  readonly types?: { result: R; input: I };
}

/** A tool's api.ts entry, with the types its twin returns and its tool takes: `toolApi<Result, Input>()({ ... })`. */
export function toolApi<R, I>(): <const A extends Omit<ToolApi, 'types'>>(names: A) => A & ToolApi<R, I> {
  return (names) => names;
}

/** The twin's value type of a tool's api.ts entry. */
export type ResultOf<A extends ToolApi> = NonNullable<A['types']>['result'];
/** The input type of a tool's api.ts entry. */
export type InputOf<A extends ToolApi> = NonNullable<A['types']>['input'];

/** What a tool's own surfaces may use to speak to the person: VS Code's l10n (vscode.l10n), injected. */
export interface Localize {
  t(message: string, ...args: (string | number | boolean)[]): string;
}

/** Where a palette command was run: the cursor and the active file, as tool arguments. */
export interface CommandContext {
  l10n: Localize;
  /** The cursor as `{file_path, line, character}` (one-based), when an editor has one. */
  cursor(): { file_path: string; line: number; character: number } | undefined;
  /** The active editor's file, as a file_path. */
  activeFile(): string | undefined;
}

/** A palette command that runs the tool and shows its answer in the card (registered by commands/toolCommands.ts). */
export interface ToolCommand {
  /** What the status bar shows while it runs (through `context.l10n.t`). */
  progress(context: CommandContext): string;
  /** The call's input from the command's arguments (a script's or a menu's) and the editor. */
  input(args: readonly unknown[], context: CommandContext): unknown;
}

/** One clickable line of an @lsp reply: `uri` and zero-based `line`/`character` are where the anchor goes. */
export interface ChatRow {
  uri: string;
  line: number;
  character: number;
  /** The anchor's text, `path:line:character` (one-based). */
  label: string;
  /** Plain text after the anchor. */
  detail: string;
  /** Tree or outline level: two spaces each. */
  depth?: number;
}

/** What a tool's @lsp reply writes to (chat/reply.ts's ChatReply, with the workspace's roots). */
export interface ChatOut {
  l10n: Localize;
  roots: readonly WorkspaceRoot[];
  /** Rows streamed at most; the rest is counted with `more`. */
  maxAnchors: number;
  text(value: string): void;
  group(path: string, count: number): void;
  row(row: ChatRow): void;
  more(omitted: number): void;
}

/** The tool's @lsp slash command (package.json's chatParticipants), answered by chat/toolReply.ts. */
export interface ToolChat<O> {
  /** The slash command's name, without the slash. */
  command: string;
  /** The call's input from the prompt after the command and the active editor's file. */
  input(prompt: string, activeFile: string | undefined): object;
  /** Streams the outcome (its notes follow); returns the count for the reply's metadata. */
  reply(outcome: O, out: ChatOut): number;
}

export interface ToolDefinition<E = unknown, O extends OutcomeHeader = OutcomeHeader, R = unknown> {
  schema: ToolSchema;
  /**
   * The tool's api.ts entry: where the extension's API puts it (`twin` its structured twin, `tool`
   * the registered language-model tool; `command` runs the twin from scripts), its palette commands,
   * and whether it writes.
   */
  api: ToolApi<R>;
  /** Validates the raw input into the engine's arguments; throws LspToolError('LSP_INVALID_ARGUMENT'). */
  parse(input: unknown): unknown;
  /** The tool's engine over the shared ports and readiness (made once per activation). */
  createEngine(deps: EngineDeps): E;
  /**
   * Asks the call's question at once, before the call's checks, when it can be known without them
   * (engine/earlyAnswer.ts); undefined when it cannot. Never throws: the call reports bad input.
   */
  askEarly?(engine: E, input: unknown): EarlyAnswer | undefined;
  /** Validates, runs and renders one call; throws LspToolError for bad input, timeout and cancellation. */
  execute(engine: E, input: unknown, token?: CancellationLike, options?: CallOptions): Promise<O>;
  /** The canonical value (zero-based, uncapped) of the structured twin. */
  structured(outcome: O): R;
  /** The invocation title, from the raw input as the caller wrote it. */
  title(input: unknown): string;
  /** The file the call reads, from the raw input, for the outside-workspace policy. */
  filePath(input: unknown): unknown;
  isOutcome(outcome: OutcomeHeader): outcome is O;
  cardBody(outcome: O, context: CardContext): CardBody | Promise<CardBody>;
  /**
   * A tool that writes: what the chat's confirmation says before the call runs (the files it would
   * change, found without changing them), through `l10n`. Undefined where it cannot tell.
   */
  confirmation?(engine: E, input: unknown, context: { l10n: Localize }): Promise<{ title: string; message: string } | undefined>;
  /** A tool that writes: puts back every file its call changed, as it was (the card's Undo). */
  undo?(engine: E, outcome: O): Promise<void>;
  /** Its palette commands by id (each id in `api.commands`). */
  commands?: Readonly<Record<string, ToolCommand>>;
  /** Its @lsp slash command. */
  chat?: ToolChat<O>;
}

/** Any tool's definition, as the lists and loops hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own engine and outcome types
export type AnyToolDefinition = ToolDefinition<any, any, any>;

/** The raw input as a record of fields, or undefined when it is not an object. */
export function inputFields(input: unknown): Record<string, unknown> | undefined {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : undefined;
}
