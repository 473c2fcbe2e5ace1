// Starts the VS Code server (code-server's build) on 127.0.0.1 and opens its workbench in Chromium.
// Every process it starts is killed by the returned `close`, on every exit path.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot, provision } from './provision.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': false,
};

const cleanups = [];
let exiting = false;
async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch {
      /* best effort */
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    runCleanups().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  // Synchronous last resort: kill process groups still registered.
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});
const liveGroups = new Set();

export function onCleanup(fn) {
  cleanups.push(fn);
}
export { runCleanups };

/**
 * @param {{ settings?: object, env?: Record<string,string>, extraArgs?: string[], log?: (s: string) => void, host?: string, locale?: string }} options
 */
export async function startServer(options = {}) {
  const paths = provision(options.vscodeVersion);
  const tmp = mkdtempSync(join(tmpdir(), 'lsp-tool-host-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  const userDir = join(tmp, 'user');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  writeFileSync(join(userDir, 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...(options.settings ?? {}) }, null, 2));
  if (options.locale) {
    // The server picks a display language only from an installed language pack, which comes from
    // the Marketplace. Offline, declare one whose translations are empty: VS Code's own UI stays in
    // English, while extensions (and their package.nls.<locale>.json and l10n bundles) see the locale.
    const translations = fileURLToPath(new URL('./empty-translations.i18n.json', import.meta.url));
    writeFileSync(
      join(userDir, 'languagepacks.json'),
      JSON.stringify({
        [options.locale]: {
          hash: `lsp-tool-test-${options.locale}`,
          extensions: [{ extensionIdentifier: { id: `lsp-tool-test.language-pack-${options.locale}` }, version: '0.0.1' }],
          translations: { vscode: translations },
          label: options.locale,
        },
      }),
    );
  }
  const args = [
    paths.serverMain,
    '--host',
    options.host ?? '127.0.0.1',
    '--port',
    '0',
    '--without-connection-token',
    '--accept-server-license-terms',
    '--disable-telemetry',
    '--enable-smoke-test-driver',
    '--server-data-dir',
    join(tmp, 'server'),
    '--user-data-dir',
    userDir,
    ...(options.locale ? ['--locale', options.locale] : []),
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(paths.node, args, {
    env: { ...process.env, ...(options.env ?? {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  liveGroups.add(child.pid);
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* gone */
    }
  };
  onCleanup(async () => {
    killGroup('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    killGroup('SIGKILL');
    liveGroups.delete(child.pid);
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      options.log?.(text);
      const m = /Web UI available at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const port = new URL(url).port;
  return {
    url,
    port,
    tmp,
    serverDataDir: join(tmp, 'server'),
    output: () => output,
    remoteUri: (absPath) => `vscode-remote://localhost:${port}${absPath}`,
  };
}

/** The workbench URL for a folder, with extension development/test paths in the payload. */
export function workbenchUrl(server, { folder, workspace, extensionDevelopmentPaths = [], extensionTestsPath, web = false, logLevel }) {
  const payload = [['skipWelcome', 'true']];
  // `publisher.name:level` sets one extension's log level (the workbench reads it from the payload).
  if (logLevel) payload.push(['logLevel', logLevel]);
  for (const p of extensionDevelopmentPaths) payload.push(['extensionDevelopmentPath', server.remoteUri(p)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', server.remoteUri(extensionTestsPath)]);
  if (web) payload.push(['extensionDevelopmentKind', 'web']);
  const params = new URLSearchParams();
  if (folder) params.set('folder', server.remoteUri(folder));
  if (workspace) params.set('workspace', server.remoteUri(workspace));
  params.set('payload', JSON.stringify(payload));
  return `${server.url}/?${params.toString()}`;
}

async function startChromium(headless) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless, args: CHROMIUM_ARGS });
}

export async function launchBrowser({ headless = true } = {}) {
  const browser = await startChromium(headless);
  onCleanup(() => browser.close());
  return browser;
}

/**
 * One Chromium for a run of many windows (starting one costs ~2.5 s of a 2-core machine), started
 * again if it died. Each window opens its page in a fresh context (`newWindowPage`): storage of its
 * own, closed with the window. `close` ends it; Playwright also kills it when this process exits.
 */
export function sharedBrowser() {
  let browser;
  return {
    async get() {
      if (!browser?.isConnected()) browser = await startChromium(true);
      return browser;
    },
    async close() {
      await browser?.close();
      browser = undefined;
    },
  };
}

/** A page in a fresh browser context (its own cookies and storage, as a new browser's), closed by the window's cleanup. */
export async function newWindowPage(browser, options) {
  const context = await browser.newContext(options);
  onCleanup(() => context.close());
  return context.newPage();
}

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function check(r, what) {
  if (r.status !== 0) throw new Error(`${what} failed with status ${r.status}:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
}

/** A hash of a folder's files (names and contents), or of one file. */
function contentHash(path) {
  const hash = createHash('sha256');
  const visit = (p, rel) => {
    if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) visit(join(p, name), `${rel}/${name}`);
    else hash.update(`${rel}\0`).update(readFileSync(p)).update('\0');
  };
  visit(path, '');
  return hash.digest('hex');
}

/** How long an installed extension set nobody used stays in the host cache. */
const INSTALLED_KEPT_MS = 14 * 24 * 3600_000;

/**
 * An installed extension set from the host cache, made by `make(dir)` when it is not there: keyed by
 * the contents and the VS Code version, so a run reuses what an earlier run packaged and installed.
 * Made in a folder of its own, then renamed into place; `.complete` holds the folder it was made in
 * (the absolute paths in its extensions.json).
 */
function cachedSet(key, make) {
  const root = join(cacheRoot(), 'installed-extensions');
  const dir = join(root, createHash('sha256').update(key).digest('hex').slice(0, 20));
  const marker = join(dir, '.complete');
  if (!existsSync(marker)) {
    mkdirSync(root, { recursive: true });
    const building = mkdtempSync(join(root, 'building-'));
    make(building);
    writeFileSync(join(building, '.complete'), building);
    try {
      renameSync(building, dir);
    } catch {
      // Another run put the same set in place first.
      rmSync(building, { recursive: true, force: true });
    }
    for (const name of readdirSync(root)) {
      const other = join(root, name, '.complete');
      if (existsSync(other) && Date.now() - statSync(other).mtimeMs > INSTALLED_KEPT_MS) rmSync(join(root, name), { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(marker, now, now);
  return { dir, madeIn: readFileSync(marker, 'utf8') };
}

/**
 * Packages each extension folder (vsce) and installs the VSIX files into an extensions dir, once per
 * contents and VS Code version (each costs ~2 s of a 2-core machine; the set is kept in the host
 * cache): every window gets a copy of its own.
 */
export function installExtensions(folders, vsixFiles = [], vscodeVersion = undefined) {
  const paths = provision(vscodeVersion);
  const key = [paths.version, ...folders.map(contentHash), ...vsixFiles.map(contentHash)].join(' ');
  const { dir: source, madeIn } = cachedSet(key, (into) => {
    const vsce = join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
    const all = [...vsixFiles];
    for (const folder of folders) {
      const out = join(into, `${basename(folder)}.vsix`);
      check(
        spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out], {
          cwd: folder,
          encoding: 'utf8',
        }),
        `vsce package ${folder}`,
      );
      all.push(out);
    }
    for (const vsix of all) {
      check(
        spawnSync(paths.node, [paths.serverMain, '--install-extension', vsix, '--force', '--extensions-dir', into, '--accept-server-license-terms'], {
          encoding: 'utf8',
        }),
        `install ${vsix}`,
      );
    }
  });
  const dir = mkdtempSync(join(tmpdir(), 'lsp-tool-extensions-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(source, dir, { recursive: true });
  // The index names each extension's folder by absolute path too: point it at the copy.
  const index = join(dir, 'extensions.json');
  if (existsSync(index)) writeFileSync(index, readFileSync(index, 'utf8').split(madeIn).join(dir));
  return dir;
}
