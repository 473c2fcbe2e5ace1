// The layers of src/, enforced by folder (npm run lint:layers, part of npm test). A file is guarded
// by where it lives: a new file in a pure folder may not import vscode at run time, and no file may
// import from a layer above its own. See CONTRIBUTING.md for what each folder holds.
//
// Top to bottom:
//   1. wiring    src/extension.ts, src/activation/, src/features.ts, src/node/ (activation: what VS Code needs at activation; features: the rest, loaded on first use; node/: the Node host's entry)
//   2. surfaces  src/{lm,card,chat,commands,editor,references,walkthrough,mcp}/ (lm: the vscode.lm transport; mcp: the MCP transport, Node host only)
//   3. calls     src/calls/                           (pure: the one call path every transport takes)
//   4. platform  src/{platform,workspace}/            (VS Code's side of the engine's ports)
//   5. tools     src/tools/<name>/, src/tools/*.ts    (pure: one folder per tool, its whole definition; the list and the definition's type)
//   6. engine    src/engine/                          (pure: the core every tool shares)
//   7. text      src/text/, src/ids.ts                (pure: no runtime vscode)
// The card's webview script (src/card/webview/) is pure too: it runs in the webview, with the DOM.
// A tool's folder may use the definition's type (src/tools/definition.ts) and the card's protocol,
// never the list (src/tools/list.ts) nor another layer above its own.
const SURFACES = '^src/(lm|card|chat|commands|editor|references|walkthrough|mcp)/';
const CALLS = '^src/calls/';
const PLATFORM = '^src/(platform|workspace)/';
const TOOL = '^src/tools/[^/]+/';
const ENGINE = '^src/engine/';
const TEXT = '^src/(text/|ids[.]ts$)';
const PURE = ['^src/engine/', '^src/text/', '^src/ids[.]ts$', '^src/card/webview/', TOOL, '^src/tools/[^/]+[.]ts$', CALLS, '^src/mcp/listing[.]ts$'];

const above = (name, from, to) => ({
  name,
  severity: 'error',
  comment: 'An import against the layer direction: move the shared piece down a layer, or pass it in as a dependency.',
  from: { path: from },
  to: { path: to },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'pure-imports-vscode',
      severity: 'error',
      comment: 'This folder is pure (unit-tested in plain Node, or run in the webview): `import type` from vscode only.',
      from: { path: PURE },
      to: { path: ['^vscode$', '^node_modules/@types/vscode/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'pure-imports-node',
      severity: 'error',
      comment: 'Pure code also runs in the web-worker extension host and the webview: no Node built-ins.',
      from: { path: PURE },
      to: { dependencyTypes: ['core'] },
    },
    above(
      'text-imports-above',
      TEXT,
      '^src/(extension[.]ts|features[.]ts|activation/|node/|engine/|platform/|workspace/|tools/|calls/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/)',
    ),
    {
      ...above(
        'tool-imports-above',
        TOOL,
        '^src/(extension[.]ts|features[.]ts|activation/|node/|platform/|workspace/|calls/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/|tools/[^/]+[.]ts$)',
      ),
      to: {
        path: '^src/(extension[.]ts|features[.]ts|activation/|node/|platform/|workspace/|calls/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/|tools/[^/]+[.]ts$)',
        pathNot: ['^src/card/webview/protocol[.]ts$', '^src/tools/definition[.]ts$'],
      },
    },
    above(
      'engine-imports-above',
      ENGINE,
      '^src/(extension[.]ts|features[.]ts|activation/|node/|platform/|workspace/|tools/|calls/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/)',
    ),
    above(
      'platform-imports-above',
      PLATFORM,
      '^src/(extension[.]ts|features[.]ts|activation/|node/|calls/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/)',
    ),
    above(
      'calls-imports-above',
      CALLS,
      '^src/(extension[.]ts|features[.]ts|activation/|node/|platform/|workspace/|lm/|card/|chat/|commands/|editor/|references/|walkthrough/|mcp/)',
    ),
    {
      name: 'tools-folder-holds-tools',
      severity: 'error',
      comment: 'src/tools/ holds the tool folders, the list and the definition type only: a transport or surface goes to its own layer folder.',
      from: { path: '^src/tools/[^/]+[.]ts$', pathNot: '^src/tools/(definition|list)[.]ts$' },
      to: {},
    },
    above('surface-imports-wiring', SURFACES, '^src/((extension|features)[.]ts$|activation/|node/)'),
    {
      name: 'webview-imports-host',
      severity: 'error',
      comment: "The webview script talks to the extension only through protocol.ts: it may import its own folder, the engine's types and text/.",
      from: { path: '^src/card/webview/' },
      to: { path: '^src/', pathNot: ['^src/card/webview/', '^src/engine/', '^src/text/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Folders import each other in one direction only.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(out|dist)/' },
  },
};
