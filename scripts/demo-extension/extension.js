// `npm start`'s demo setup (scripts/demo.mjs installs it beside lsp-tool; it is not part of lsp-tool).
// Once per browser profile (each `npm start` serves a new port, so a new profile):
// - VS Code 1.139 disables its built-in GitHub Copilot Chat on a profile's first load until chat
//   setup completes, which needs a GitHub account. Without it the Chat view offers only "Auto", no
//   model, and any chat request, @lsp included, answers "Language model unavailable". It is the only
//   disabled extension of the demo's fresh profile: turning all back on brings Copilot Chat, and with
//   it the scripted "Custom Endpoint" model of chatLanguageModels.json, with no reload.
// - Opens the demo's README.md, what to try, and lsp-tool's walkthrough in front of it (the server's
//   settings open no other editor on start).
const vscode = require('vscode');

const COPILOT_CHAT = 'GitHub.copilot-chat';
const ENABLE_ALL = 'workbench.extensions.action.enableAll';
const DONE = 'lspToolDemo.firstLoadDone';
const WALKTHROUGH = 'lsp-tool.lsp-tool#lspTool.gettingStarted';
const WALKTHROUGH_PAGE = vscode.Uri.from({ scheme: 'walkThrough', authority: 'vscode_getting_started_page' });

/** The walkthrough's tab: the one whose input the API does not name (the README's is a text file). */
function walkthroughTab() {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input === undefined);
}

exports.activate = async function activate(context) {
  if (context.globalState.get(DONE)) return;
  await context.globalState.update(DONE, true);
  // The demo's README, kept open (not a preview: the first file lsp-tool's follow-along reveals must
  // not replace it), then the walkthrough in front of it, in the same group. Before Copilot Chat comes back: the
  // walkthroughs' service, made on first use, learns only the newest batch of extensions (VS Code's
  // extension point keeps one delta), so opening it after "Enable All" would miss lsp-tool's.
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder) await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, 'README.md'), { preview: false });
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
  // The walkthrough opens as a preview, which the first preview opened in its group would replace
  // (lsp-tool's follow-along keeps only the page in front, and the person may have clicked the
  // README): kept open like the README. keepEditor takes an editor's resource, the walkthrough's
  // `walkThrough://vscode_getting_started_page`, and keeps it wherever it is, the focus untouched.
  for (let waited = 0; waited < 10_000 && walkthroughTab()?.isPreview !== false; waited += 250) {
    if (walkthroughTab()) await vscode.commands.executeCommand('workbench.action.keepEditor', WALKTHROUGH_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!vscode.extensions.getExtension(COPILOT_CHAT)) {
    // The Extensions view's actions register a little after startup: wait for the command.
    for (let waited = 0; waited < 60_000; waited += 250) {
      if ((await vscode.commands.getCommands(true)).includes(ENABLE_ALL)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await vscode.commands.executeCommand(ENABLE_ALL);
  }
};
