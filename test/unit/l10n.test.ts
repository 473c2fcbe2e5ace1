// Every user-facing string is localisable: manifest keys resolve in every nls file, every
// vscode.l10n.t literal is in every bundle, and translations keep their placeholders.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const pkg = readJson('package.json');
const NLS_FILES = ['package.nls.json', 'package.nls.de.json'];
const BUNDLES = ['l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json'];

function manifestKeys(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const m = /^%(.+)%$/.exec(value);
    if (m) found.add(m[1]!);
  } else if (Array.isArray(value)) {
    for (const v of value) manifestKeys(v, found);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) manifestKeys(v, found);
  }
  return found;
}

/** The first argument of every `<x>.l10n.t(...)` call in src, as `npm run l10n` finds it (scripts/l10n-literals.cjs). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { l10nLiterals, sourceFiles } = require(path.join(root, 'scripts', 'l10n-literals.cjs')) as {
  l10nLiterals: (root: string) => { literals: Set<string>; nonLiteral: string[]; files: string[] };
  sourceFiles: (root: string) => string[];
};

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category: string }[];
    configuration: { title: string; properties: Record<string, { markdownDescription?: string; markdownEnumDescriptions?: string[] }> };
    languageModelTools: { name: string; displayName: string; userDescription: string; modelDescription: string; inputSchema: unknown }[];
    submenus: { id: string; label: string }[];
    viewsContainers: { panel: { id: string; title: string }[] };
    views: Record<string, { id: string; name: string; contextualTitle?: string }[]>;
    chatParticipants: { id: string; fullName: string; description: string; commands: { name: string; description: string }[] }[];
    walkthroughs: { id: string; title: string; description: string; steps: { id: string; title: string; description: string }[] }[];
  };
}

const placeholders = (s: string): string[] => (s.match(/\{\d+\}/g) ?? []).sort();
const commandLinks = (s: string): string[] => (s.match(/\]\((command:[^)]*)\)/g) ?? []).sort();

describe('localisation', () => {
  const keys = manifestKeys(pkg);

  it('declares the l10n folder', () => assert.equal(pkg.l10n, './l10n'));

  for (const file of NLS_FILES) {
    it(`${file} has exactly the %keys% package.json uses, each a non-empty string`, () => {
      const nls = readJson(file);
      assert.deepEqual(Object.keys(nls).sort(), [...keys].sort());
      for (const [k, v] of Object.entries(nls)) assert.ok(typeof v === 'string' && v.trim() !== '', `${file}: ${k}`);
    });
  }

  it('package.json keeps no user-facing manifest string in English only', () => {
    const c = (pkg as unknown as Manifest).contributes;
    const userFacing: [string, unknown][] = [
      ['displayName', pkg.displayName],
      ['description', pkg.description],
      ...c.commands.flatMap((x): [string, unknown][] => [
        [`${x.command}.title`, x.title],
        [`${x.command}.category`, x.category],
      ]),
      ...Object.entries(c.configuration.properties).flatMap(([k, p]): [string, unknown][] => [
        [`${k}.markdownDescription`, p.markdownDescription],
        ...(p.markdownEnumDescriptions ?? []).map((d, i): [string, unknown] => [`${k}.enum${i}`, d]),
      ]),
      ['configuration.title', c.configuration.title],
      ...c.languageModelTools.flatMap((t): [string, unknown][] => [
        [`${t.name}.displayName`, t.displayName],
        [`${t.name}.userDescription`, t.userDescription],
      ]),
      ...c.submenus.map((x): [string, unknown] => [`${x.id}.label`, x.label]),
      ...c.viewsContainers.panel.map((v): [string, unknown] => [`${v.id}.title`, v.title]),
      ...Object.values(c.views)
        .flat()
        .flatMap((v): [string, unknown][] => [
          [`${v.id}.name`, v.name],
          [`${v.id}.contextualTitle`, v.contextualTitle],
        ]),
      ...c.chatParticipants.flatMap((p): [string, unknown][] => [
        [`${p.id}.fullName`, p.fullName],
        [`${p.id}.description`, p.description],
        ...p.commands.map((x): [string, unknown] => [`${p.id}/${x.name}`, x.description]),
      ]),
      ...c.walkthroughs.flatMap((w): [string, unknown][] => [
        [`${w.id}.title`, w.title],
        [`${w.id}.description`, w.description],
        ...w.steps.flatMap((x): [string, unknown][] => [
          [`${x.id}.title`, x.title],
          [`${x.id}.description`, x.description],
        ]),
      ]),
    ];
    assert.ok(userFacing.length > 40, `${userFacing.length} strings checked`);
    for (const [where, value] of userFacing) assert.match(String(value), /^%[^%]+%$/, where);
  });

  it('keeps the model-facing tool description and schema in English, unlocalised', () => {
    const [tool] = (pkg as unknown as Manifest).contributes.languageModelTools;
    assert.doesNotMatch(JSON.stringify([tool!.modelDescription, tool!.inputSchema]), /%[\w.]+%/);
  });

  it('translations keep placeholders and command links', () => {
    const en = readJson(NLS_FILES[0]!) as Record<string, string>;
    const de = readJson(NLS_FILES[1]!) as Record<string, string>;
    for (const k of Object.keys(en)) {
      assert.deepEqual(placeholders(de[k]!), placeholders(en[k]!), k);
      assert.deepEqual(commandLinks(de[k]!), commandLinks(en[k]!), k);
    }
    const bundleEn = readJson(BUNDLES[0]!) as Record<string, string>;
    const bundleDe = readJson(BUNDLES[1]!) as Record<string, string>;
    for (const k of Object.keys(bundleEn)) assert.deepEqual(placeholders(bundleDe[k] ?? ''), placeholders(k), k);
  });

  it('every vscode.l10n.t call takes a literal, and each literal is in every bundle (run `npm run l10n`)', () => {
    const { literals, nonLiteral } = l10nLiterals(root);
    assert.deepEqual(nonLiteral, [], 'l10n.t needs a string literal to be extracted');
    assert.ok(literals.size >= 25, `found ${literals.size} literals`);
    for (const file of BUNDLES) {
      const bundle = readJson(file);
      assert.deepEqual(Object.keys(bundle).sort(), [...literals].sort(), file);
      for (const [k, v] of Object.entries(bundle)) assert.ok(typeof v === 'string' && v.trim() !== '', `${file}: ${k}`);
    }
    const de = readJson(BUNDLES[1]!);
    const untranslated = Object.entries(de).filter(([k, v]) => k === v && /[a-z]{3}/.test(k.replace(/\{\d\}|LSP|@lsp|#lsp/g, '')));
    assert.deepEqual(untranslated, [], 'German strings that are still English');
  });

  it('shows no raw English literal to people: messages, progress and chat text go through l10n.t', () => {
    const raw = /(show(Information|Warning|Error)Message|\.progress|withProgress\([^)]*title:)\(\s*['"`]|stream\.markdown\(text\(\s*['"`][^'"`]*[A-Za-z]{3}/;
    for (const file of sourceFiles(root)) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => assert.doesNotMatch(line.replace(/\$\{[^}]*\}/g, ''), raw, `${path.relative(root, file)}:${i + 1}`));
    }
  });
});
