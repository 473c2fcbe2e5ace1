// Real language servers other than tsserver, and one real open-source project for each, for the
// language suites: pyright from npm, clangd and gopls (with Go) from Debian, the projects from
// Debian's archive (a source package for C, packages that ship their sources for Python and Go).
// All cached outside the clone, keyed by versions; never committed.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';
import { onCleanup } from './host.mjs';
import { apt, cacheRoot, cleanEnv, debInstalled, installInto } from './provision.mjs';

export const PYRIGHT_VERSION = '1.1.414';
/** TypeScript 7 (typescript-go): `tsgo --lsp --stdio` is its language server, `tsgo --noEmit` its checker. */
export const TSGO_VERSION = '7.0.0-dev.20260707.2';

/** Debian bookworm versions, as `apt-cache policy` names them (what a fresh machine installs). */
export const DEBIAN = {
  clangd: '1:14.0-55.7~deb12u1',
  gopls: '1:0.5.0+ds-1',
  'golang-go': '2:1.19~1',
  cmake: '3.25.1-1',
};

/**
 * The projects. Python: click (its `python3-click` package ships the sources: Parameter with
 * Option and Argument, Command, MultiCommand and Group). C: cJSON (source package, CMake writes
 * compile_commands.json; struct cJSON has a field `type`). Go: gorilla/mux (its `-dev` package ships
 * the module: interface matcher with eight implementations, the function type MatcherFunc among them).
 */
export const PROJECTS = {
  python: { name: 'click', debian: 'python3-click', version: '8.1.3-2', kind: 'binary', from: 'usr/lib/python3/dist-packages/click', to: 'click' },
  c: { name: 'cJSON', debian: 'cjson', version: '1.7.15-1+deb12u4', kind: 'source', orig: 'cjson_1.7.15.orig.tar.gz', top: 'cJSON-1.7.15' },
  go: {
    name: 'gorilla/mux',
    debian: 'golang-github-gorilla-mux-dev',
    version: '1.8.0-1',
    kind: 'binary',
    from: 'usr/share/gocode/src/github.com/gorilla/mux',
    to: '.',
  },
};

function log(msg) {
  process.stderr.write(`[host] ${msg}\n`);
}

let aptUpdated = false;
function aptUpdate() {
  if (aptUpdated) return;
  apt('apt-get update -qq -o DPkg::Lock::Timeout=300', 'refreshing Debian package lists');
  aptUpdated = true;
}

/** pyright's language server module in the host cache (the client extension runs it over IPC). */
export function pyrightServerModule() {
  return join(cacheRoot(), `pyright-${PYRIGHT_VERSION}`, 'node_modules', 'pyright', 'langserver.index.js');
}

/** clangd, gopls and Go from Debian (installed when missing), and pyright from npm (into the host cache). */
export function ensureLanguageServers() {
  const missing = ['clangd', 'gopls', 'golang-go', 'cmake'].filter((p) => !debInstalled(p));
  if (missing.length > 0) {
    aptUpdate();
    apt(`apt-get install -y -qq -o DPkg::Lock::Timeout=300 ${missing.join(' ')}`, 'installing language servers');
  }
  for (const [pkg, expected] of Object.entries(DEBIAN)) {
    const version = spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).stdout;
    // Another Debian release's server can answer differently: say so, the suites' numbers were measured on these.
    if (version !== expected) log(`note: ${pkg} is ${version}, the language suites were written against ${expected}`);
  }
  installInto(join(cacheRoot(), `pyright-${PYRIGHT_VERSION}`), `pyright@${PYRIGHT_VERSION}`, cleanEnv());
  const pyright = pyrightServerModule();
  if (!existsSync(pyright)) throw new Error(`pyright's language server is missing at ${pyright}`);
  return { pyright };
}

/** The tsgo binary of the pinned @typescript/native-preview (its platform package ships it), installed into the host cache. */
export function tsgoBinary() {
  installInto(join(cacheRoot(), `native-preview-${TSGO_VERSION}`), `@typescript/native-preview@${TSGO_VERSION}`, cleanEnv());
  const bin = tsgoBinaryPath();
  if (!existsSync(bin)) throw new Error(`tsgo is missing at ${bin}`);
  return bin;
}

/** Where tsgoBinary installs tsgo. */
export function tsgoBinaryPath() {
  return join(
    cacheRoot(),
    `native-preview-${TSGO_VERSION}`,
    'node_modules',
    '@typescript',
    `native-preview-${process.platform}-${process.arch}`,
    'lib',
    'tsgo',
  );
}

/**
 * rxjs's sources for TypeScript 7, in a copy of their own: TypeScript 7 removed `baseUrl` and
 * `moduleResolution: node` (TS5102, TS5108), so the copy's tsconfig says `bundler` with the same paths.
 */
export function ensureRxjsForTsgo(rxjs) {
  const dir = join(cacheRoot(), `rxjs-tsgo-${basename(join(rxjs, '..'))}`);
  const project = join(dir, 'package');
  if (existsSync(join(dir, '.complete'))) return project;
  rmSync(dir, { recursive: true, force: true });
  cpSync(rxjs, project, { recursive: true });
  const config = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8'));
  delete config.compilerOptions.baseUrl;
  config.compilerOptions.moduleResolution = 'bundler';
  config.compilerOptions.module = 'esnext';
  config.compilerOptions.paths = Object.fromEntries(
    Object.entries(config.compilerOptions.paths ?? {}).map(([k, v]) => [k, v.map((p) => (p.startsWith('.') ? p : `./${p}`))]),
  );
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(join(dir, '.complete'), new Date().toISOString());
  return project;
}

/** deb-src next to the machine's deb entries (root only), so `apt-get source` works. */
function enableDebSrc() {
  const target = '/etc/apt/sources.list.d/lsp-tool-deb-src.sources';
  if (existsSync(target)) return;
  const source = '/etc/apt/sources.list.d/debian.sources';
  if (!existsSync(source)) throw new Error(`cannot enable deb-src: ${source} is missing`);
  apt(`sed 's/^Types: deb$/Types: deb-src/' ${source} > ${target}`, 'enabling Debian source packages');
  aptUpdated = false;
}

/** Fetches `pkg=version` into a fresh folder: a binary package unpacked, or a source package's files. */
function fetchDebian(project, into) {
  const spec = `${project.debian}=${project.version}`;
  // _apt cannot write into root's cache; download in /tmp and move.
  const dl = join('/tmp', `lsp-tool-apt-${process.pid}-${project.debian}`);
  rmSync(dl, { recursive: true, force: true });
  mkdirSync(dl, { recursive: true });
  execFileSync('chmod', ['777', dl]);
  try {
    if (project.kind === 'source') {
      enableDebSrc();
      aptUpdate();
      apt(`cd ${dl} && apt-get source --download-only -qq ${spec}`, `fetching the Debian source package ${spec}`);
      execFileSync('tar', ['xzf', join(dl, project.orig), '-C', into]);
      return join(into, project.top);
    }
    let r = spawnSync('bash', ['-c', `cd ${dl} && apt-get download -qq ${spec}`], { stdio: 'inherit' });
    if (r.status !== 0) {
      aptUpdate();
      r = spawnSync('bash', ['-c', `cd ${dl} && apt-get download -qq ${spec}`], { stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`apt-get download ${spec} failed with status ${r.status}`);
    }
    const deb = readdirSync(dl).find((f) => f.endsWith('.deb'));
    const unpacked = join(dl, 'unpacked');
    execFileSync('dpkg-deb', ['-x', join(dl, deb), unpacked]);
    const project_ = join(into, 'project');
    cpSync(join(unpacked, project.from), join(project_, project.to), { recursive: true });
    return project_;
  } finally {
    rmSync(dl, { recursive: true, force: true });
  }
}

/** The project folder for a language, fetched and prepared once (C: configured by CMake for compile_commands.json). */
export function ensureLanguageProject(language) {
  const project = PROJECTS[language];
  const dir = join(cacheRoot(), `lang-${language}-${project.debian}-${project.version}`);
  const complete = join(dir, '.complete');
  if (existsSync(complete)) return join(dir, project.kind === 'source' ? project.top : 'project');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`fetching ${project.name} (Debian ${project.debian} ${project.version}) for the ${language} suites (one time)`);
  const folder = fetchDebian(project, dir);
  if (language === 'c') {
    // Its own build system writes the compile commands clangd needs (configure only; nothing is built).
    // In place: the file holds absolute paths.
    execFileSync(
      'cmake',
      ['-S', folder, '-B', join(folder, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON', '-DENABLE_CJSON_TEST=ON', '-DENABLE_CJSON_UTILS=ON'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    if (!existsSync(join(folder, 'build', 'compile_commands.json'))) throw new Error('cmake wrote no compile_commands.json for cJSON');
  }
  writeFileSync(complete, new Date().toISOString());
  return folder;
}

/**
 * A client extension folder ready to package: its manifest, and its extension.js with
 * vscode-languageclient bundled in. Required from the repo's node_modules instead, the client's
 * code lies inside lsp-tool's development folder, and VS Code counts its providers as lsp-tool's.
 */
export function bundleClientExtension(folder) {
  const out = mkdtempSync(join(tmpdir(), `lsp-tool-${basename(folder)}-`));
  onCleanup(() => rmSync(out, { recursive: true, force: true }));
  cpSync(join(folder, 'package.json'), join(out, 'package.json'));
  buildSync({
    entryPoints: [join(folder, 'extension.js')],
    outfile: join(out, 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'error',
  });
  return out;
}

/** What the language suites' windows need: the servers, and the project for `language`. */
export function ensureLanguage(language) {
  const servers = ensureLanguageServers();
  return { folder: ensureLanguageProject(language), ...servers };
}

/** The versions the servers report, for the suites' measurements and the README table. */
export function serverVersions() {
  const out = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    return r.status === 0 ? `${r.stdout}${r.stderr}`.trim().split('\n')[0] : `unavailable (${cmd})`;
  };
  return {
    pyright: PYRIGHT_VERSION,
    clangd: out('clangd', ['--version']),
    // Debian's version string says 0.5.0; the binary names its x/tools build and its Go.
    gopls: `${out('gopls', ['version'])}, built with ${out('bash', ['-c', 'go version "$(command -v gopls)" | cut -d" " -f2'])}`,
    go: out('go', ['version']),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const language of Object.keys(PROJECTS)) console.log(language, ensureLanguage(language).folder);
  console.log(serverVersions());
}
