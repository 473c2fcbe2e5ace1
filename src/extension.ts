// activate(): wires the parts; every disposable goes to context.subscriptions.
import * as vscode from 'vscode';
import { CardView } from './card/cardView';
import { registerParticipant } from './chat/participant';
import { registerPaletteCommands } from './commands/paletteCommands';
import { watchedSettings } from './config';
import { FollowAlong } from './editor/followAlong';
import { Command, ContextKey, TOOL_NAME } from './ids';
import { LoggedQueryPipeline } from './log/loggedPipeline';
import { lazyLogChannel } from './log/lazyLog';
import { Presenter } from './presenter';
import type { LspQueryResult } from './seam/types';
import { VscodeSeam } from './seam/vscodeSeam';
import { LspTool } from './tool/lspTool';
import type { LspToolInput } from './tool/parse';
import { ReferencesHandoff } from './references/handoff';
import { markUsed } from './walkthrough';
import { watchResolutions } from './workspace/resolveFile';

export interface LspToolApi {
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
  /** The structured twin of the tool: same input, the canonical value as output. */
  query(input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult>;
  /** The registered language-model tool itself, for hosts that embed it. */
  readonly tool: vscode.LanguageModelTool<LspToolInput>;
  /** The search card (its last render metrics are read by tests and the benchmark). */
  readonly card: CardView;
  /** Resolves when what earlier queries set off (card updates, follow-along reveals) has run. */
  followAlongSettled(): Promise<void>;
  /** Where this extension's logs live (the "LSP Tool" channel writes `LSP Tool.log` here). */
  readonly logUri: vscode.Uri;
}

export function activate(context: vscode.ExtensionContext): LspToolApi {
  const activationStarted = performance.now();
  const { log, disposable: logChannel } = lazyLogChannel('LSP Tool');
  context.subscriptions.push(logChannel);
  const { settings, disposable: settingsWatch } = watchedSettings(log);
  context.subscriptions.push(settingsWatch);
  const seam = new VscodeSeam();
  // One watcher for creations and deletions: readiness cools down on them, resolutions are forgotten.
  const files = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
  const pipeline = new LoggedQueryPipeline({ seam, settings, log });
  const { card, disposable: cardRegistration } = CardView.register(context.extensionUri);
  const followAlong = new FollowAlong(() => settings().followAlong, log);
  const handoff = new ReferencesHandoff({ card, pipeline, log });
  const presenter = new Presenter(card, followAlong, handoff);
  const tool = new LspTool({
    pipeline,
    settings,
    onQuery: async (outcome) => {
      markUsed(ContextKey.toolUsed);
      await presenter.present(outcome, 'tool').catch((err: unknown) => log.error(String(err)));
    },
  });
  const api: LspToolApi = {
    activationMs: 0,
    query: async (input, token) => (await pipeline.execute(input, token)).result,
    tool,
    card,
    followAlongSettled: async () => {
      await tool.settled();
      await followAlong.settled();
    },
    logUri: context.logUri,
  };
  context.subscriptions.push(
    files,
    seam.watch(files),
    watchResolutions(files),
    cardRegistration,
    followAlong,
    vscode.lm.registerTool(TOOL_NAME, tool),
    registerPaletteCommands({ pipeline, presenter, card }),
    registerParticipant(context.extensionUri, tool),
    handoff.register(),
    vscode.commands.registerCommand(Command.query, (input: unknown) => api.query(input)),
  );
  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  return { ...api, activationMs };
}

export function deactivate(): void {}
