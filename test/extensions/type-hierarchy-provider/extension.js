// @ts-check
// Test-only type hierarchy for `lsptypes` files: one declaration per line, `kind Name : Super, Other`.
// A type named Slow* answers its subtypes after 5 s (too late for a short budget).
const vscode = require('vscode');

let calls = 0;

/** @param {vscode.TextDocument} document */
function declarations(document) {
  const out = [];
  for (let line = 0; line < document.lineCount; line++) {
    const match = /^(class|interface)\s+(\w+)(?:\s*:\s*(.*))?$/.exec(document.lineAt(line).text.trim());
    if (!match) continue;
    const text = document.lineAt(line).text;
    const start = text.indexOf(match[2]);
    const supers = (match[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    out.push({ kind: match[1], name: match[2], line, start, supers });
  }
  return out;
}

/** @param {vscode.TextDocument} document */
function itemOf(document, d) {
  const kind = d.kind === 'class' ? vscode.SymbolKind.Class : vscode.SymbolKind.Interface;
  const full = document.lineAt(d.line).range;
  const name = new vscode.Range(d.line, d.start, d.line, d.start + d.name.length);
  return new vscode.TypeHierarchyItem(kind, d.name, 'lsptypes', document.uri, full, name);
}

/** @param {vscode.TypeHierarchyItem} item */
async function related(item, up) {
  calls++;
  const document = await vscode.workspace.openTextDocument(item.uri);
  const all = declarations(document);
  if (!up && item.name.startsWith('Slow')) await new Promise((resolve) => setTimeout(resolve, 5000));
  if (up) {
    const self = all.find((d) => d.name === item.name);
    return (self?.supers ?? [])
      .map((s) => all.find((d) => d.name === s))
      .filter(Boolean)
      .map((d) => itemOf(document, d));
  }
  return all.filter((d) => d.supers.includes(item.name)).map((d) => itemOf(document, d));
}

/** @param {vscode.ExtensionContext} context */
function activate(context) {
  context.subscriptions.push(
    vscode.languages.registerTypeHierarchyProvider(
      { language: 'lsptypes' },
      {
        prepareTypeHierarchy(document, position) {
          calls++;
          const word = document.getWordRangeAtPosition(position);
          if (!word) return undefined;
          const name = document.getText(word);
          const d = declarations(document).find((x) => x.name === name);
          return d ? [itemOf(document, d)] : undefined;
        },
        provideTypeHierarchySupertypes: (item) => related(item, true),
        provideTypeHierarchySubtypes: (item) => related(item, false),
      },
    ),
    vscode.commands.registerCommand('typesFixture.calls', () => ({ calls })),
  );
}

module.exports = { activate };
