// @ts-check
// Test-only providers for `lspfault` files. The word on the queried line picks the behaviour:
// hang (answers after 5 s, too late), throw, malformed, many (a location per line), ok.
const vscode = require('vscode');

let calls = 0;
/** Results that arrived after the caller stopped waiting. */
let late = 0;

/** @param {vscode.TextDocument} document @param {vscode.Position} position */
function behave(document, position) {
  calls++;
  const word = document.lineAt(position.line).text.trim();
  const here = new vscode.Location(document.uri, new vscode.Range(position.line, 0, position.line, 4));
  switch (word) {
    case 'hang':
      return new Promise((resolve) =>
        setTimeout(() => {
          late++;
          resolve([here]);
        }, 5000),
      );
    case 'throw':
      throw new Error('fault fixture: provider exploded');
    case 'many':
      // One location per line of the document: a large result for the card.
      return Array.from({ length: document.lineCount }, (_, line) => new vscode.Location(document.uri, new vscode.Range(line, 0, line, 3)));
    case 'malformed':
      return [{ nonsense: true }, { uri: document.uri }, here];
    default:
      return [here];
  }
}

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  const selector = { language: 'lspfault' };
  context.subscriptions.push(
    vscode.languages.registerDefinitionProvider(selector, { provideDefinition: behave }),
    vscode.languages.registerReferenceProvider(selector, { provideReferences: behave }),
    vscode.languages.registerHoverProvider(selector, {
      provideHover(document, position) {
        const word = document.lineAt(position.line).text.trim();
        if (word !== 'inject') return behave(document, position) && undefined;
        // Provider text that tries to become markup, script or a javascript: link in the card.
        return new vscode.Hover(
          new vscode.MarkdownString(
            '<script>window.__pwned = 1</script>\n\n[click me](javascript:window.__pwned=2) <img src=x onerror="window.__pwned=3"> **bold**',
          ),
        );
      },
    }),
    vscode.commands.registerCommand('faultFixture.calls', () => ({ calls, late })),
  );
}

module.exports = { activate };
