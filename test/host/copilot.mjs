// Host setup for the real GitHub Copilot Chat agent (built into VS Code 1.139.1 as extensions/copilot):
// a "Custom Endpoint" model answered by the fake model server (fakeModel.mjs), and the built-in
// Copilot Chat kept enabled on a fresh profile. See docs: real-vscode-test-host.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { provision } from './provision.mjs';

export const COPILOT_VENDOR = 'customendpoint';
/** Streamed (the default) and non-streamed: the same fake server answers both. */
export const COPILOT_MODELS = [
  { id: 'fake-model', name: 'Fake Model', streaming: true },
  { id: 'fake-model-nostream', name: 'Fake Model (not streamed)', streaming: false },
];

/**
 * Whether the VS Code under test ships Copilot Chat with the Custom Endpoint model provider.
 * Returns { ok: true, version } or { ok: false, reason }.
 */
export function copilotSupport(vscodeVersion) {
  const paths = provision(vscodeVersion);
  const manifest = join(paths.codeServerDir, 'lib', 'vscode', 'extensions', 'copilot', 'package.json');
  if (!existsSync(manifest)) return { ok: false, reason: `VS Code ${paths.version} does not ship the Copilot Chat extension (no extensions/copilot)` };
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const vendors = (pkg.contributes?.languageModelChatProviders ?? []).map((p) => p.vendor);
  if (!vendors.includes(COPILOT_VENDOR))
    return { ok: false, reason: `VS Code ${paths.version}'s Copilot Chat ${pkg.version} has no "${COPILOT_VENDOR}" model provider` };
  return { ok: true, version: pkg.version };
}

/** `<user-data-dir>/User/chatLanguageModels.json`: the BYOK model group, no API key, no group-level url. */
export function writeChatLanguageModels(userDir, modelUrl) {
  const models = COPILOT_MODELS.map((m) => ({
    id: m.id,
    name: m.name,
    url: modelUrl,
    toolCalling: true,
    vision: false,
    maxInputTokens: 128000,
    maxOutputTokens: 4096,
    ...(m.streaming ? {} : { streaming: false }),
  }));
  writeFileSync(
    join(userDir, 'User', 'chatLanguageModels.json'),
    JSON.stringify([{ name: 'Local', vendor: COPILOT_VENDOR, apiType: 'chat-completions', models }], null, 2),
  );
}

/**
 * On a fresh profile the workbench disables the built-in Copilot Chat on its first start ("chat set
 * up is not completed") unless its enablement migration is marked done. Writes that mark into the
 * workbench's global IndexedDB from a same-origin page, before the workbench first loads.
 */
export async function keepBuiltinCopilotEnabled(page, serverUrl) {
  // Any page of the origin will do; a 404 keeps the workbench from loading.
  await page.goto(`${serverUrl}/lsp-tool-test-origin`);
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('vscode-web-state-db-global');
        request.onupgradeneeded = () => {
          if (!request.result.objectStoreNames.contains('ItemTable')) request.result.createObjectStore('ItemTable');
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('ItemTable', 'readwrite');
          tx.objectStore('ItemTable').put('true', 'builtinChatExtensionEnablementMigration');
          tx.oncomplete = () => {
            db.close();
            resolve(undefined);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}
