// The card's HTML shell (pure): strict CSP with a nonce; content is built later with DOM APIs.
import type { CardStrings } from './protocol';

export interface CardHtmlOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  codiconUri: string;
  /** Every localised string the card shows; the script reads them from `data-strings`. */
  labels: CardStrings;
  /** The display language (`vscode.env.language`). */
  lang: string;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function cardCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function buildCardHtml(o: CardHtmlOptions): string {
  return `<!DOCTYPE html>
<html lang="${attr(o.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(cardCsp(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(o.codiconUri)}" nonce="${attr(o.nonce)}">
<link rel="stylesheet" href="${attr(o.styleUri)}" nonce="${attr(o.nonce)}">
<title>LSP</title>
</head>
<body data-empty="${attr(o.labels.empty)}" data-strings="${attr(JSON.stringify(o.labels))}">
<header class="toolbar">
  <button id="back" class="icon" type="button" title="${attr(o.labels.back)}" aria-label="${attr(o.labels.back)}" disabled><i class="codicon codicon-arrow-left"></i></button>
  <button id="forward" class="icon" type="button" title="${attr(o.labels.forward)}" aria-label="${attr(o.labels.forward)}" disabled><i class="codicon codicon-arrow-right"></i></button>
  <h2 id="title" class="card-title"></h2>
  <span id="summary" class="summary"></span>
  <button id="openInReferences" class="icon" type="button" title="${attr(o.labels.openInReferences)}" aria-label="${attr(o.labels.openInReferences)}" disabled><i class="codicon codicon-list-tree"></i></button>
  <button id="undo" class="icon" type="button" title="${attr(o.labels.undo)}" aria-label="${attr(o.labels.undo)}" hidden><i class="codicon codicon-discard"></i></button>
  <button id="openInHierarchy" class="icon" type="button" title="${attr(o.labels.openInHierarchy)}" aria-label="${attr(o.labels.openInHierarchy)}" disabled hidden><i class="codicon codicon-type-hierarchy"></i></button>
</header>
<div id="status" class="status" role="status"></div>
<main id="content" class="content" tabindex="-1"><p class="empty-state">${attr(o.labels.empty)}</p></main>
<script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
</body>
</html>`;
}
