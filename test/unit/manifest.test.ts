import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command, CONFIG_SECTION, EXTENSION_ID, Setting } from '../../src/ids';
import { HIERARCHY_DIRECTIONS } from '../../src/engine/hierarchyResult';
import { LSP_OPERATIONS } from '../../src/engine/result';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { TOOLS, TOOL_APIS, MANIFESTS } from '../../src/tools/list';
import { LSP_MANIFEST } from '../../src/tools/lsp/manifest';

const root = path.resolve(__dirname, '..', '..', '..');
/** The parts of package.json these tests read. */
interface Manifest {
  publisher: string;
  name: string;
  main: string;
  browser: string;
  enabledApiProposals?: unknown;
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  contributes: {
    languageModelTools: {
      name: string;
      toolReferenceName: string;
      canBeReferencedInPrompt: boolean;
      modelDescription: string;
      inputSchema: { required: string[]; additionalProperties?: unknown; properties: Record<string, { description: string }> };
    }[];
    commands: { command: string; category: string }[];
    configuration: { properties: Record<string, { default?: unknown }> };
    viewsContainers: { panel: { id: string; title: string }[] };
    views: Record<string, { id: string; type: string; name: string }[]>;
    chatParticipants: { id: string; name: string; commands: { name: string }[] }[];
    keybindings: unknown;
    menus: { commandPalette: unknown };
  };
}
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const nlsDe = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.de.json'), 'utf8')) as Record<string, string>;
/** A manifest string as English users see it (`%key%` resolved through package.nls.json). */
const shown = (value: string): string => value.replace(/^%(.+)%$/, (_m, key: string) => nls[key] ?? value);

describe('package.json agrees with src/ids.ts', () => {
  it('has the extension id', () => assert.equal(`${pkg.publisher}.${pkg.name}`, EXTENSION_ID));
  it("contributes each tool exactly as its definition says (name, descriptions, schema), in the list's order", () => {
    // Every field, so a change to package.json alone (or to a definition alone) fails here.
    assert.deepEqual(pkg.contributes.languageModelTools, MANIFESTS);
    assert.deepEqual(
      MANIFESTS.map((m) => m.name),
      TOOLS.map((t) => t.schema.name),
      'one manifest per tool, in the same order',
    );
    for (const [i, manifest] of MANIFESTS.entries()) {
      assert.equal(manifest.inputSchema, TOOLS[i]!.schema.inputSchema, `${manifest.name}: the manifest lists the schema the engine parses by`);
      assert.ok(nls[manifest.displayName.slice(1, -1)], `${manifest.name}: displayName in package.nls.json`);
      assert.ok(nls[manifest.userDescription.slice(1, -1)], `${manifest.name}: userDescription in package.nls.json`);
    }
    const commands = (pkg.contributes.commands as { command: string }[]).map((c) => c.command);
    const hidden = (pkg.contributes.menus.commandPalette as { command: string; when?: string }[]).filter((m) => m.when === 'false').map((m) => m.command);
    for (const tool of TOOLS) {
      assert.equal(tool.api.name, tool.schema.name, `${tool.schema.name}: its api.ts names it as its schema does`);
      assert.equal(new Set([tool.api.twin, tool.api.tool, tool.api.command]).size, 3, `${tool.schema.name}: its own API fields and command`);
      assert.deepEqual(
        Object.keys(tool.commands ?? {}),
        [...(tool.api.commands ?? [])],
        `${tool.schema.name}: a handler for each palette command its api.ts names`,
      );
      for (const id of tool.api.commands ?? []) {
        assert.ok(commands.includes(id), `${tool.schema.name}: its palette command ${id} is contributed`);
        assert.ok(!(Object.values(Command) as string[]).includes(id), `${tool.schema.name}: its palette command ${id} is the tool's own, not in ids.ts`);
      }
      assert.ok(commands.includes(tool.api.command), `${tool.schema.name}: its twin command ${tool.api.command} is contributed`);
      assert.ok(hidden.includes(tool.api.command), `${tool.schema.name}: its twin command is hidden from the palette (it takes a structured input)`);
      assert.ok(!(Object.values(Command) as string[]).includes(tool.api.command), `${tool.schema.name}: its twin command is the tool's own, not in ids.ts`);
    }
    assert.deepEqual(
      commands.filter((c) => !(Object.values(Command) as string[]).includes(c)).sort(),
      TOOLS.flatMap((t) => [t.api.command, ...(t.api.commands ?? [])]).sort(),
      "every contributed command is in ids.ts or is a tool's own (its twin, its palette commands)",
    );
    assert.equal(new Set(TOOLS.map((t) => t.api.twin)).size, TOOLS.length, 'no two tools share an API field');
    // The activation bundle registers the tools, twins and commands from TOOL_APIS before the features load.
    assert.deepEqual(
      TOOL_APIS.map((names) => ({ ...names })),
      TOOLS.map((t) => ({ ...t.api })),
      "TOOL_APIS lists each tool's API names, in TOOLS' order",
    );
    assert.deepEqual(
      TOOLS.map((t) => t.api.writes),
      [false, false, false, false, true],
      'only lsp_rename writes',
    );
  });
  it('offers the operations and directions the engine knows, no more', () => {
    assert.deepEqual(LSP_MANIFEST.inputSchema.properties.operation.enum, LSP_OPERATIONS);
    const hierarchy = TOOLS.find((t) => t.schema.name === 'lsp_hierarchy')!;
    assert.deepEqual(hierarchy.schema.inputSchema.properties.direction?.enum, HIERARCHY_DIRECTIONS);
  });
  it('contributes the lsp tool with the schema of docs/contract.md §2.1', () => {
    const tool = pkg.contributes.languageModelTools.find((t: { name: string }) => t.name === LSP_MANIFEST.name);
    assert.ok(tool);
    assert.equal(tool.toolReferenceName, 'lsp');
    assert.equal(tool.canBeReferencedInPrompt, true);
    assert.deepEqual(tool.inputSchema.required, ['operation', 'file_path', 'line', 'character']);
    assert.equal(tool.inputSchema.additionalProperties, undefined);
    assert.equal(tool.inputSchema.properties.file_path!.description, 'The source file to query, relative to the workspace or absolute.');
    assert.ok(
      tool.modelDescription.includes(
        'Use search/read for ordinary navigation. Use lsp when textual matches are ambiguous or before a change requires precise definitions, implementations, or references. Positions are one-based line and character (UTF-16) at the cursor; an off-symbol position may return no results. findReferences always includes the declaration.',
      ),
    );
  });
  it('contributes every command in ids.ts', () => {
    const contributed = pkg.contributes.commands.map((c: { command: string }) => c.command);
    for (const id of Object.values(Command)) assert.ok(contributed.includes(id), id);
  });
  it('contributes every setting with the design default', () => {
    const props = pkg.contributes.configuration.properties;
    for (const key of Object.values(Setting)) {
      assert.deepEqual(props[`${CONFIG_SECTION}.${key}`]?.default, DEFAULT_SETTINGS[key], key);
    }
  });
  it('uses no proposed API and pins @types/vscode to the engine', () => {
    assert.equal(pkg.enabledApiProposals, undefined);
    assert.equal(pkg.engines.vscode, `^${pkg.devDependencies['@types/vscode']}`);
  });
});

describe('package.json surfaces', () => {
  it('contributes the card view in the LSP panel container', async () => {
    const { View } = await import('../../src/ids');
    assert.equal(pkg.contributes.viewsContainers.panel[0]!.id, View.container);
    assert.equal(shown(pkg.contributes.viewsContainers.panel[0]!.title), 'LSP');
    assert.equal(pkg.contributes.views[View.container]![0]!.id, View.card);
    assert.equal(pkg.contributes.views[View.container]![0]!.type, 'webview');
  });
  it("names nothing so that it reads as VS Code's own: the view says LSP, every command is in the LSP category", () => {
    // VS Code makes "Focus on <name> View" of each view's name: "Search Card" read as the Search view's.
    for (const [container, views] of Object.entries(pkg.contributes.views)) {
      for (const view of views) assert.match(shown(view.name), /^LSP\b/, `${container}/${view.id}: ${shown(view.name)}`);
    }
    for (const german of Object.values(pkg.contributes.views).flatMap((views) => views.map((v) => v.name.replace(/^%(.+)%$/, '$1')))) {
      assert.match(nlsDe[german] ?? '', /^LSP\b/, `package.nls.de.json: ${german}`);
    }
    for (const command of pkg.contributes.commands) assert.equal(shown(command.category), 'LSP', command.command);
  });
  it('contributes the @lsp participant with its slash commands', async () => {
    const { Participant } = await import('../../src/ids');
    const participant = pkg.contributes.chatParticipants[0]!;
    assert.equal(participant.id, Participant.id);
    assert.equal(participant.name, Participant.name);
    // The participant's own commands, then each tool's own (its definition's chat), in the list's order.
    assert.deepEqual(
      participant.commands.map((c: { name: string }) => c.name),
      [...Participant.commands, ...TOOLS.flatMap((t) => (t.chat ? [t.chat.command] : []))],
    );
  });
  it('describes every setting in markdown, and every enum value', () => {
    const props = pkg.contributes.configuration.properties as Record<
      string,
      { markdownDescription?: string; description?: string; enum?: unknown[]; markdownEnumDescriptions?: string[] }
    >;
    for (const [key, prop] of Object.entries(props)) {
      assert.ok(prop.markdownDescription && shown(prop.markdownDescription).trim() !== '', `${key} has a markdownDescription`);
      assert.equal(prop.description, undefined, `${key}: markdownDescription only`);
      if (prop.enum) {
        assert.equal(prop.markdownEnumDescriptions?.length, prop.enum.length, `${key}: one markdownEnumDescription per value`);
        for (const d of prop.markdownEnumDescriptions ?? []) assert.ok(shown(d).trim() !== '', key);
      }
    }
  });
  it('binds every palette command to a Shift+Alt+L chord with a when clause, except the programmatic queries', () => {
    const bindings = pkg.contributes.keybindings as { command: string; key: string; when?: string; mac?: string }[];
    const bound = bindings.map((b) => b.command).sort();
    // The structured twins (lspTool.query, lspTool.querySymbols, …) are hidden from the palette.
    const programmatic = (pkg.contributes.menus.commandPalette as { command: string; when?: string }[]).filter((m) => m.when === 'false').map((m) => m.command);
    assert.ok(programmatic.includes('lspTool.query') && programmatic.includes('lspTool.querySymbols'), programmatic.join());
    const commands = (pkg.contributes.commands as { command: string }[])
      .map((c) => c.command)
      .filter((c) => !programmatic.includes(c))
      .sort();
    assert.deepEqual(bound, commands);
    for (const b of bindings) {
      assert.match(b.key, /^shift\+alt\+l [a-z]$/, b.command);
      assert.ok(b.when, `${b.command} has a when clause`);
    }
    assert.equal(new Set(bindings.map((b) => b.key)).size, bindings.length, 'no two commands share a chord');
  });
  it('puts the palette commands under the LSP category', () => {
    for (const c of pkg.contributes.commands) assert.equal(shown(c.category), 'LSP', c.command);
  });
});

describe('the extension bundles', () => {
  it('carry no tool description (VS Code and the MCP listing read package.json), while the features bundle carries the schemas it parses by', () => {
    // The Node host activates its entry plus the activation bundle it requires; the web worker, the activation bundle;
    // both load the features bundle on first use.
    const features = 'dist/web/features.js';
    for (const files of [[pkg.main, pkg.browser], [pkg.browser], [features]]) {
      const entry = files.join(' + ');
      for (const file of files) assert.ok(fs.existsSync(path.join(root, file)), `${file} exists (build it with node esbuild.mjs)`);
      const text = files.map((file) => fs.readFileSync(path.join(root, file), 'utf8')).join('\n');
      const schema = JSON.stringify(TOOLS[0]!.schema.inputSchema.properties.file_path!.description).slice(1, -1);
      assert.equal(text.includes(schema), files.includes(features), `${entry}: the schemas are in the features bundle only`);
      for (const manifest of MANIFESTS)
        assert.ok(!text.includes(manifest.modelDescription.slice(0, 60)), `${entry} bundles ${manifest.name}'s modelDescription`);
    }
  });
});
