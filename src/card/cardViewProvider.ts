// The search card: a WebviewViewProvider that shows the latest queries and opens rows in the editor.
import * as vscode from 'vscode';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import { Command, View } from '../ids';
import { cardStrings } from './cardStrings';
import { splitEntry } from './webview/chunks';
import { buildCardHtml } from './webview/html';
import { HISTORY_LIMIT, isFromCard, type CardEntry, type CardTreeNode, type ToCard } from './webview/protocol';
import { setTreeChildren } from './webview/treeNodes';

export interface CardMetrics {
  id: number;
  rows: number;
  /** From the message's arrival in the webview to its first painted frame. */
  firstPaintMs: number;
  /** Wall-clock times (Date.now()): the query's answer, its post to the webview, its arrival there. */
  answeredAt: number;
  postedAt: number;
  receivedAt: number;
}

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class CardViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  /** Most recent last; replayed when the view is (re)created without saved state. */
  private readonly history: CardEntry[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  /** The listeners of the view on screen, freed with it. */
  private viewListeners: vscode.Disposable | undefined;
  private readonly renderedEmitter = new vscode.EventEmitter<CardMetrics>();
  readonly onDidRender = this.renderedEmitter.event;
  lastMetrics: CardMetrics | undefined;
  /** When the latest entry was posted, for the metrics of its render. */
  private posted = { id: -1, at: 0, answeredAt: 0 };
  /** Fetches the children of a hierarchy node the card expands (set by the wiring). */
  expandHierarchy: ((id: number, key: string) => Promise<CardTreeNode[] | undefined>) | undefined;
  private readonly hierarchyChildrenEmitter = new vscode.EventEmitter<{ id: number; key: string; children: number }>();
  /** A hierarchy node's lazily fetched children were sent to the card (tests wait for it). */
  readonly onDidSendHierarchyChildren = this.hierarchyChildrenEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    /** Which entry the card shows (back/forward included) is kept there, for the hand-off. */
    private readonly outcomes: RecentOutcomes,
  ) {
    this.disposables.push(this.renderedEmitter, this.hierarchyChildrenEmitter);
  }

  static register(deps: { extensionUri: vscode.Uri; outcomes: RecentOutcomes }): { card: CardViewProvider; disposable: vscode.Disposable } {
    const card = new CardViewProvider(deps.extensionUri, deps.outcomes);
    const registration = vscode.window.registerWebviewViewProvider(View.card, card, { webviewOptions: { retainContextWhenHidden: true } });
    return { card, disposable: vscode.Disposable.from(registration, card) };
  }

  resolveWebviewView(view: vscode.WebviewView, context: vscode.WebviewViewResolveContext): void {
    this.view = view;
    this.ready = false;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    view.webview.options = { enableScripts: true, localResourceRoots: [media, dist] };
    const n = nonce();
    view.webview.html = buildCardHtml({
      cspSource: view.webview.cspSource,
      nonce: n,
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'card.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'card.css')).toString(),
      codiconUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'codicons', 'codicon.css')).toString(),
      labels: cardStrings(),
      lang: vscode.env.language,
    });
    const restoredFromState = context.state !== undefined;
    this.viewListeners?.dispose();
    const listeners = vscode.Disposable.from(
      view.webview.onDidReceiveMessage((message: unknown) => this.onMessage(message, restoredFromState)),
      view.onDidDispose(() => {
        listeners.dispose();
        if (this.viewListeners === listeners) this.viewListeners = undefined;
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
        }
      }),
    );
    this.viewListeners = listeners;
  }

  private async onMessage(message: unknown, restoredFromState: boolean): Promise<void> {
    if (!isFromCard(message)) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (!restoredFromState && this.history.length > 0) {
          this.post({ type: 'restore', entries: this.history, index: this.history.length - 1 });
        }
        break;
      case 'open': {
        const uri = vscode.Uri.parse(message.uri, true);
        const position = new vscode.Position(Math.max(0, message.line - 1), Math.max(0, message.character - 1));
        await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), preview: true });
        break;
      }
      case 'openLink':
        if (/^https?:\/\//i.test(message.href)) await vscode.env.openExternal(vscode.Uri.parse(message.href, true));
        break;
      case 'navigated':
        this.outcomes.setCurrent(message.id);
        break;
      case 'openInReferences':
        await vscode.commands.executeCommand(Command.openInReferencesView, message.id);
        break;
      case 'expandHierarchy': {
        const children = await this.expandHierarchy?.(message.id, message.key).catch(() => []);
        if (!children) break;
        const entry = this.history.find((e) => e.id === message.id);
        if (entry) setTreeChildren(entry, message.key, children);
        this.post({ type: 'hierarchyChildren', id: message.id, key: message.key, children });
        this.hierarchyChildrenEmitter.fire({ id: message.id, key: message.key, children: children.length });
        break;
      }
      case 'openInHierarchy':
        await vscode.commands.executeCommand(Command.openInHierarchyView, message.id);
        break;
      case 'undo':
        await vscode.commands.executeCommand(Command.undo, message.id);
        break;
      case 'rendered':
        this.lastMetrics = {
          id: message.id,
          rows: message.rows,
          firstPaintMs: message.firstPaintMs,
          answeredAt: message.id === this.posted.id ? this.posted.answeredAt : Number.NaN,
          postedAt: message.id === this.posted.id ? this.posted.at : Number.NaN,
          receivedAt: message.receivedAt,
        };
        this.renderedEmitter.fire(this.lastMetrics);
        break;
    }
  }

  private post(message: ToCard): void {
    if (this.view && this.ready) void this.view.webview.postMessage(message);
  }

  /** The id of the entry the card shows now (back/forward included); undefined before the first query. */
  get currentId(): number | undefined {
    return this.outcomes.current?.id;
  }

  /** Queries shown so far (bounded by HISTORY_LIMIT). */
  get historySize(): number {
    return this.history.length;
  }

  /** `answeredAt`: when the query's answer was ready (Date.now()), for the render metrics. */
  show(entry: CardEntry, answeredAt = Date.now()): void {
    this.history.push(entry);
    if (this.history.length > HISTORY_LIMIT) this.history.splice(0, this.history.length - HISTORY_LIMIT);
    this.posted = { id: entry.id, at: Date.now(), answeredAt };
    const { first, rest } = splitEntry(entry);
    this.post({ type: 'show', entry: first });
    if (rest.length > 0) this.post({ type: 'rows', id: entry.id, groups: rest });
  }

  /** Opens the card without taking focus unless asked. */
  async reveal(preserveFocus = true): Promise<void> {
    if (this.view) this.view.show(preserveFocus);
    else await vscode.commands.executeCommand(`${View.card}.focus`, { preserveFocus });
  }

  dispose(): void {
    this.viewListeners?.dispose();
    this.viewListeners = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
