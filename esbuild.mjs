// Bundles the extension once (cjs, `vscode` external, no Node built-ins): dist/web/extension.js, the
// web-worker host's entry (`browser` in package.json), which loads dist/web/features.js on first use;
// the Node host's small entry dist/extension.js (`main`), which injects the disk, the MCP
// registration and require, and requires the activation bundle at run time; the MCP server (dist/mcp.js, Node only, loaded on first use), plus the card's webview
// script (iife), and writes the codicons the card uses (their CSS rules and a font subset) into dist/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = { bundle: true, minify: production, sourcemap: !production, sourcesContent: false, logLevel: 'warning' };

/** Fails the build when the web bundle requires anything but `vscode` (platform browser already refuses Node built-ins). */
const onlyVscodeExternal = {
  name: 'only-vscode-external',
  setup(build) {
    build.onEnd((result) => {
      for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
        const foreign = output.imports.filter((i) => i.external && i.path !== 'vscode').map((i) => i.path);
        if (foreign.length > 0) throw new Error(`${file} imports ${foreign.join(', ')}: the web-worker extension host has only \`vscode\``);
      }
    });
  },
};

/** Fails the build when an activation bundle takes in the MCP server or its SDK: they load from dist/mcp.js on first use. */
const noMcpServerInside = {
  name: 'no-mcp-server-inside',
  setup(build) {
    build.onEnd((result) => {
      for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
        const inside = Object.keys(output.inputs).filter((i) => i.includes('@modelcontextprotocol/') || /^src\/mcp\/(server|index)\.ts$/.test(i));
        if (inside.length > 0) throw new Error(`${file} bundles ${inside.slice(0, 3).join(', ')}: the MCP server belongs in dist/mcp.js`);
      }
    });
  },
};

/** Fails the build when the Node entry takes in the shared extension code instead of requiring dist/web/extension.js. */
const noSharedBundleInside = {
  name: 'no-shared-bundle-inside',
  setup(build) {
    build.onEnd((result) => {
      for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
        if (Object.keys(output.inputs).includes('src/extension.ts'))
          throw new Error(`${file} bundles src/extension.ts: the Node entry requires dist/web/extension.js at run time`);
      }
    });
  },
};

/**
 * Fails the build when the activation bundle takes in the features instead of loading
 * dist/web/features.js on first use, or any of a tool's folder but its api.ts: src/tools/list.ts
 * imports every tool's definition beside its api.ts, and package.json's "sideEffects" lets esbuild
 * drop what the activation bundle does not read.
 */
const noFeaturesInside = {
  name: 'no-features-inside',
  setup(build) {
    build.onEnd((result) => {
      for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
        const inside = Object.entries(output.inputs)
          .filter(
            ([i, { bytesInOutput }]) =>
              bytesInOutput > 0 && (i === 'src/features.ts' || i.startsWith('src/calls/') || /^src\/tools\/[^/]+\/(?!api\.ts$)/.test(i)),
          )
          .map(([i]) => i);
        if (inside.length > 0) throw new Error(`${file} bundles ${inside.join(', ')}: the features load from dist/web/features.js on first use`);
      }
    });
  },
};

const contexts = await Promise.all([
  esbuild.context({
    ...common,
    entryPoints: ['src/node/main.ts'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/extension.js',
    external: ['vscode'],
    metafile: true,
    plugins: [noMcpServerInside, noSharedBundleInside],
  }),
  // The MCP server and its SDK (Node host only), required by src/mcp/start.ts when the server first starts.
  esbuild.context({
    plugins: [
      {
        // zod's JSON Schema conversion (about 5 KB of the VSIX): the server lists the tools' JSON Schemas
        // as written and never converts a zod schema. Each export becomes a function whose result throws
        // when called, so a conversion fails loudly; the MCP integration tests run this bundle.
        name: 'no-zod-json-schema',
        setup(build) {
          build.onLoad({ filter: /[/]zod[/]v4[/]core[/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/ }, ({ path }) => {
            const source = readFileSync(path, 'utf8');
            const names = [...source.matchAll(/export (?:function|const|class) ([A-Za-z0-9_$]+)/g)].map((m) => m[1]);
            const aliases = [...source.matchAll(/export \{ ([A-Za-z0-9_$]+) as ([A-Za-z0-9_$]+) \}/g)].map((m) => m[2]);
            const stub = 'const unavailable = () => () => { throw new Error("lsp-tool: zod JSON Schema conversion is not bundled"); };\n';
            return { contents: stub + [...names, ...aliases].map((n) => `export const ${n} = unavailable;`).join('\n'), loader: 'js' };
          });
        },
      },
      {
        // zod's English messages (about 1 KB of the VSIX): only the SDK's own protocol validation uses
        // zod, and a malformed MCP message still gets its issue's code and expected type.
        name: 'short-zod-messages',
        setup(build) {
          build.onLoad({ filter: /[/]zod[/]v4[/]locales[/]en\.js$/ }, () => ({
            contents:
              'export default function () { return { localeError: (issue) => `Invalid input: ${issue.code}${issue.expected ? `, expected ${issue.expected}` : ""}` }; }',
            loader: 'js',
          }));
        },
      },
      {
        // The SDK's experimental tasks API (server.experimental.tasks), which the server never uses.
        name: 'no-mcp-tasks',
        setup(build) {
          build.onLoad({ filter: /[/]experimental[/]tasks[/]server\.js$/ }, () => ({
            contents: 'export class ExperimentalServerTasks { constructor() { throw new Error("lsp-tool: MCP tasks are not bundled"); } }',
            loader: 'js',
          }));
        },
      },
      {
        name: 'no-ajv',
        setup(build) {
          build.onResolve({ filter: /[/]validation[/]ajv-provider\.js$/ }, () => ({ path: resolvePath('src/mcp/noJsonSchemaValidator.ts') }));
        },
      },
    ],
    ...common,
    entryPoints: ['src/mcp/index.ts'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/mcp.js',
    external: ['vscode'],
  }),
  esbuild.context({
    ...common,
    entryPoints: ['src/extension.ts'],
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    outfile: 'dist/web/extension.js',
    external: ['vscode'],
    metafile: true,
    plugins: [noMcpServerInside, onlyVscodeExternal, noFeaturesInside],
  }),
  // The features (engine, call path, surfaces), loaded on first use by src/activation/lazyFeatures.ts, in both hosts.
  esbuild.context({
    ...common,
    entryPoints: ['src/features.ts'],
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    outfile: 'dist/web/features.js',
    external: ['vscode'],
    metafile: true,
    plugins: [noMcpServerInside, onlyVscodeExternal],
  }),
  esbuild.context({
    ...common,
    entryPoints: ['src/card/webview/main.ts'],
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outfile: 'dist/card.js',
  }),
]);

// The card uses a handful of codicons: ship their CSS rules only (the full stylesheet is 33 KB of
// rules for icons we never show) and a font subset to their glyphs (the full font is 126 KB).
// To show another icon, add its name here: the build fails if codicons has no such icon.
const USED_ICONS = [
  // the card today
  'arrow-left',
  'arrow-right',
  'file',
  'warning',
  'info',
  'list-tree',
  // the companion tools (lsp_symbols, lsp_hierarchy)
  'symbol-class',
  'symbol-method',
  'symbol-function',
  'symbol-interface',
  'symbol-variable',
  'symbol-field',
  'symbol-property',
  'symbol-constant',
  'symbol-enum',
  'symbol-enum-member',
  'symbol-constructor',
  'symbol-module',
  'symbol-namespace',
  'symbol-struct',
  'symbol-event',
  'symbol-operator',
  'symbol-type-parameter',
  'symbol-key',
  'symbol-boolean',
  'symbol-array',
  'symbol-object',
  'symbol-string',
  'symbol-number',
  'symbol-null',
  'symbol-package',
  'symbol-file',
  'call-incoming',
  'call-outgoing',
  'type-hierarchy',
  'type-hierarchy-sub',
  'type-hierarchy-super',
  'chevron-right',
  'chevron-down',
  'references',
  'loading',
  'symbol-misc',
];
const codicons = 'node_modules/@vscode/codicons/dist';
const css = readFileSync(`${codicons}/codicon.css`, 'utf8');
const rules = new Map([...css.matchAll(/^\.codicon-([a-z0-9-]+):before \{ content: "\\([0-9a-f]+)" \}$/gm)].map(([line, name, hex]) => [name, { line, hex }]));
const missing = USED_ICONS.filter((name) => !rules.has(name));
if (missing.length > 0) throw new Error(`no codicon named ${missing.join(', ')} in @vscode/codicons`);
const used = USED_ICONS.map((name) => rules.get(name));
const glyphs = String.fromCodePoint(...used.map((r) => Number.parseInt(r.hex, 16)));
const font = await subsetFont(readFileSync(`${codicons}/codicon.ttf`), glyphs, { targetFormat: 'truetype' });
const kept = new Set(new Face(new Blob(font)).collectUnicodes());
const lost = used.filter((r) => !kept.has(Number.parseInt(r.hex, 16)));
if (lost.length > 0) throw new Error(`the codicon subset lost the glyphs ${lost.map((r) => r.hex).join(', ')}`);
// The query string busts the webview's cache when the subset changes.
const fontHash = createHash('sha256').update(font).digest('hex').slice(0, 32);
const base = css.slice(0, css.indexOf('.codicon-add:before')).replace(/codicon\.ttf\?[0-9a-f]+/, `codicon.ttf?${fontHash}`);
if (!base.includes(fontHash)) throw new Error('codicon.css: the @font-face url was not found');
mkdirSync('dist/codicons', { recursive: true });
writeFileSync('dist/codicons/codicon.ttf', font);
writeFileSync('dist/codicons/codicon.css', `${base}${used.map((r) => r.line).join('\n')}\n`);

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
}
