// The engine's LanguageFeatures over VS Code: the only caller of the execute*Provider commands.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../ids';
import { PROVIDER_COMMAND } from '../engine/operations';
import type { LanguageFeatures } from '../engine/ports';
import type { LspOperation, LspPosition } from '../engine/result';

/**
 * Whether this extension host sees the extensions that could provide: `vscode.extensions.all` lists
 * only its own host's, and on the UI side of a remote window (the web worker, or a local host) the
 * language extensions run in the remote one.
 */
function seesLanguageExtensions(): boolean {
  return vscode.env.remoteName === undefined || vscode.extensions.getExtension(EXTENSION_ID)?.extensionKind !== vscode.ExtensionKind.UI;
}

export class VscodeLanguageFeatures implements LanguageFeatures {
  async atPosition(operation: LspOperation, uri: string, position: LspPosition): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(
      PROVIDER_COMMAND[operation],
      vscode.Uri.parse(uri, true),
      new vscode.Position(position.line, position.character),
    );
  }

  /** Whether any installed extension says it activates for this language (a provider can only come from one). */
  hasProviderSource(languageId: string): boolean {
    if (languageId === 'plaintext') return false;
    // Unknowable from here: say nothing rather than claim that no provider exists.
    if (!seesLanguageExtensions()) return true;
    return vscode.extensions.all.some((extension) => {
      const pkg = extension.packageJSON as { activationEvents?: unknown };
      const events = Array.isArray(pkg.activationEvents) ? (pkg.activationEvents as unknown[]) : [];
      return events.some((e) => e === `onLanguage:${languageId}` || e === '*' || e === 'onStartupFinished');
    });
  }
}
