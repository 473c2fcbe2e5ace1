// The features bundle (dist/web/features.js), loaded on the first use of anything the extension
// contributes: a tool call, a command, an @lsp request, an MCP call. It builds the engine over VS Code,
// the one call path and every surface, and hands the activation bundle (src/extension.ts) what its
// registrations forward to. Every disposable is owned by context.subscriptions.
import * as vscode from 'vscode';
import { CallPath } from './calls/callPath';
import type { CardViewProvider } from './card/cardViewProvider';
import { headingText } from './card/heading';
import { presenter } from './card/present';
import { participantHandler } from './chat/participant';
import * as connectAgent from './commands/connectAgent';
import * as hierarchyCommands from './commands/hierarchyCommands';
import * as palette from './commands/paletteCommands';
import * as symbolCommands from './commands/symbolCommands';
import * as toolCommands from './commands/toolCommands';
import { FollowAlong } from './editor/followAlong';
import type { OutcomeHeader } from './engine/outcome';
import { ImplementationEvidence } from './engine/providerEvidence';
import { WarmKeys } from './engine/readiness';
import type { RecentOutcomes } from './engine/recentOutcomes';
import { Command, ContextKey } from './ids';
import { confirmationText } from './lm/confirmationText';
import { lmTools, type LmTool } from './lm/lmTool';
import { CommandTable } from './platform/commandTable';
import { VscodeDiagnostics } from './platform/diagnostics';
import { VscodeWorkspaceEdits } from './platform/workspaceEdits';
import { VscodeLanguageFeatures } from './platform/languageFeatures';
import { watchReadiness } from './platform/readinessWatch';
import { readerBudget, watchedInlineLimit } from './platform/readerBudget';
import { watchedSettings } from './platform/settingsReader';
import { VscodeWorkspace } from './platform/vscodeWorkspace';
import { writingAllowed } from './platform/writingContext';
import { HierarchyHandoff } from './references/hierarchyHandoff';
import { ReferencesHandoff } from './references/handoff';
import type { ToolDefinition } from './tools/definition';
import { TOOLS } from './tools/list';
import { lspTool } from './tools/lsp';
import { hierarchyTool } from './tools/lsp_hierarchy';
import { hierarchyExpander } from './tools/lsp_hierarchy/expand';
import { RecentHierarchies } from './tools/lsp_hierarchy/recent';
import { symbolsTool } from './tools/lsp_symbols';
import { WalkthroughProgress } from './walkthrough/markUsed';
import { useDisk, type NodeDisk } from './workspace/disk';

/** What the activation bundle made at activation and shares with the features. */
export interface ActivationServices {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  /** The store of recent outcomes, and the card that shows them (registered at activation). */
  outcomes: RecentOutcomes;
  card: CardViewProvider;
  /** Direct disk access (the Node host); absent in the web worker. */
  disk?: NodeDisk;
}

/** A structured twin: the tool's input in, its canonical value (the value, not the text) out. */
export type Twin<R> = (input: unknown, token?: vscode.CancellationToken) => Promise<R>;

/** Each tool's structured twin, by its API field (src/tools/<name>/api.ts); the API types them (src/extension.ts). */
export type Twins = Readonly<Record<string, Twin<unknown>>>;

/** What the activation bundle's registrations forward to. */
export interface Features {
  /** The language-model tools by name. */
  tools: ReadonlyMap<string, LmTool>;
  /** Every contributed command's handler. */
  commands: CommandTable;
  /** The @lsp participant's handler. */
  chat: vscode.ChatRequestHandler;
  /** Each tool's structured twin, by its API field. */
  twins: Twins;
  /** Any tool by name through the one call path: the API's callTool and every MCP call (src/mcp/toolCalls.ts). */
  callTool: CallPath['callTool'];
  /** Resolves when what earlier calls set off (card updates, follow-along reveals) has run. */
  settled(): Promise<void>;
  timeoutMs(): number;
}

/** Each tool's structured twin, by its API field, and each as its command: a loop over the list. */
function structuredTwins(calls: CallPath, commands: CommandTable, own: (disposable: vscode.Disposable) => vscode.Disposable): Twins {
  const twinOf =
    <O extends OutcomeHeader, R>(definition: ToolDefinition<unknown, O, R>): Twin<R> =>
    async (input, token) =>
      definition.structured(await calls.execute(definition, input, token));
  const twins: Record<string, Twin<unknown>> = {};
  for (const definition of TOOLS) {
    const twin = twinOf(definition);
    twins[definition.api.twin] = twin;
    own(commands.register(definition.api.command, (input: unknown) => twin(input)));
  }
  return twins;
}

export function startFeatures(services: ActivationServices): Features {
  const { context, log, outcomes, card } = services;
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };
  useDisk(services.disk);
  const { settings, disposable: settingsWatch } = watchedSettings(log);
  own(settingsWatch);

  // The engines over VS Code: one readiness for every tool (what warmed up for one is warm for the others).
  const workspace = new VscodeWorkspace();
  const warm = new WarmKeys();
  // One watcher: readiness cools down on creations and deletions, resolutions are forgotten on them,
  // and the diagnostics stamp every change (the file's server re-checks it).
  const files = own(vscode.workspace.createFileSystemWatcher('**/*'));
  own(watchReadiness(warm, files));
  own(workspace.resolutions.watch(files));
  const diagnostics = own(new VscodeDiagnostics(files));
  const edits = new VscodeWorkspaceEdits();
  const engineDeps = { workspace, features: new VscodeLanguageFeatures(), settings, log, warm, evidence: new ImplementationEvidence(), diagnostics, edits };

  // What the person sees: the card (registered at activation), follow-along.
  const hierarchies = new RecentHierarchies(outcomes);
  const walkthrough = new WalkthroughProgress();
  const followAlong = own(new FollowAlong(() => settings().followAlong, log));
  const show = presenter({ card, followAlong, workspace, tools: TOOLS });

  // The one call path every transport takes, and the language-model tools over it.
  const calls = new CallPath(TOOLS, {
    engine: engineDeps,
    outcomes,
    confirmation: confirmationText,
    // Writing: never in Restricted Mode, and only while the person has not turned it off.
    writes: writingAllowed,
    present: async ({ id, outcome, source, label }) => {
      // The walkthrough's #lsp step: a tool call, not a palette command.
      if (source !== 'command') walkthrough.markUsed(ContextKey.toolUsed);
      await show(id, outcome, source, label).catch((err: unknown) => log.error(String(err)));
    },
  });
  const { inlineLimit, disposable: inlineLimitWatch } = watchedInlineLimit();
  own(inlineLimitWatch);
  const tools = lmTools(calls, (options) => readerBudget(options, inlineLimit));

  // Their structured twins (the value, not the text), as API fields and commands.
  const commands = new CommandTable();
  const twins = structuredTwins(calls, commands, own);

  // The surfaces for people.
  const engine = calls.engineOf(lspTool);
  const hierarchyEngine = calls.engineOf(hierarchyTool);
  const symbols = calls.engineOf(symbolsTool);
  card.expandHierarchy = hierarchyExpander({ engine: hierarchyEngine, outcomes: hierarchies, workspace });
  own(palette.register({ calls, card }, commands.register));
  own(symbolCommands.register({ calls, card }, commands.register));
  own(hierarchyCommands.register({ calls, card }, commands.register));
  own(toolCommands.register({ calls, card }, commands.register));
  own(ReferencesHandoff.register({ engine, outcomes, workspace }, commands.register));
  own(HierarchyHandoff.register({ outcomes: hierarchies }, commands.register));
  own(
    connectAgent.register(
      commands.register,
      TOOLS.map((tool) => tool.schema.name),
    ),
  );
  // Undo (the card's button, the palette): what the newest call of a tool that writes changed, or the call named by id.
  own(
    commands.register(Command.undo, async (id?: unknown) => {
      const undone = await calls.undo(typeof id === 'number' ? id : undefined);
      const message =
        undone === undefined
          ? vscode.l10n.t('Nothing to undo: no change made by a tool is kept.')
          : vscode.l10n.t('Put back: {0}', headingText(undone.heading, vscode));
      void vscode.window.showInformationMessage(message);
      return undone !== undefined;
    }),
  );

  return {
    tools,
    commands,
    chat: participantHandler({ outcomes, workspace, walkthrough, symbols, hierarchies, tools: TOOLS }),
    twins,
    callTool: calls.callTool,
    settled: async () => {
      await calls.settled();
      await followAlong.settled();
    },
    timeoutMs: () => settings().timeoutMs,
  };
}
