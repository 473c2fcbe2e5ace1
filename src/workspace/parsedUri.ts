// The vscode.Uri of a URI string the engine hands back to the platform. A warm query passes the
// same string to several port calls (open the document, find its folder, ask the provider), and a
// Uri is immutable, so each string is parsed once and the Uri kept (docs/performance.md).
import * as vscode from 'vscode';
import { keepNewest } from '../engine/keptMap';

/** Strings kept: a few hundred files asked about, far more than an agent's working set. */
const LIMIT = 256;
const parsed = new Map<string, vscode.Uri>();

/** `vscode.Uri.parse(text, true)`, kept: it throws for a string that is not a URI, as the parse does. */
export function parseUri(text: string): vscode.Uri {
  let uri = parsed.get(text);
  if (uri === undefined) {
    uri = vscode.Uri.parse(text, true);
    keepNewest(parsed, text, uri, LIMIT);
  }
  return uri;
}
