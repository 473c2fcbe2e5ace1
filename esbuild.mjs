// Bundles the extension host entry twice (cjs, `vscode` external): for the Node extension host and
// for the web-worker one (`browser` in package.json, no Node built-ins), plus the card's webview
// script (iife), and copies the codicon font the card uses into dist/.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { webVariants } from './scripts/webVariants.mjs';

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

const contexts = await Promise.all([
  esbuild.context({
    ...common,
    entryPoints: ['src/extension.ts'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/extension.js',
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
    plugins: [webVariants, onlyVscodeExternal],
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

// The card uses a handful of codicons: ship the font with only their CSS rules (the full
// stylesheet is 33 KB of rules for icons we never show).
const USED_ICONS = ['arrow-left', 'arrow-right', 'file', 'warning', 'info', 'list-tree'];
// The hierarchy tree: its toolbar, its twisties, and one icon per symbol kind (src/text/symbolKind.ts).
USED_ICONS.push('call-incoming', 'call-outgoing', 'type-hierarchy', 'type-hierarchy-sub', 'type-hierarchy-super', 'chevron-right', 'chevron-down', 'loading',
  ...['file', 'module', 'namespace', 'package', 'class', 'method', 'property', 'field', 'constructor', 'enum', 'interface', 'function', 'variable',
    'constant', 'string', 'number', 'boolean', 'array', 'object', 'key', 'null', 'enum-member', 'struct', 'event', 'operator', 'type-parameter', 'misc'].map((k) => `symbol-${k}`));
mkdirSync('dist/codicons', { recursive: true });
cpSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/codicons/codicon.ttf');
const css = readFileSync('node_modules/@vscode/codicons/dist/codicon.css', 'utf8');
const base = css.slice(0, css.indexOf('.codicon-add:before'));
const icons = css.split('\n').filter((line) => USED_ICONS.some((name) => line.startsWith(`.codicon-${name}:before`)));
if (icons.length !== USED_ICONS.length) throw new Error(`codicon rules missing: found ${icons.length} of ${USED_ICONS.length}`);
writeFileSync('dist/codicons/codicon.css', `${base}${icons.join('\n')}\n`);

if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
}
