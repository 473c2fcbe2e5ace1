// `npm run l10n`: writes l10n/bundle.l10n.json, the strings src localises. @vscode/l10n-dev gives the
// `vscode.l10n.t` calls; scripts/l10n-literals.cjs adds the calls through an injected `l10n`, which
// it does not see. Then it names the keys l10n/bundle.l10n.de.json still lacks, or no longer uses.
import { readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';
import literalsModule from './l10n-literals.cjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { literals, nonLiteral, files } = literalsModule.l10nLiterals(repo);
if (nonLiteral.length > 0) {
  console.error(`l10n.t needs a string literal as its first argument: ${nonLiteral.join(', ')}`);
  process.exit(1);
}
const bundle = await getL10nJson(files.map((file) => ({ contents: readFileSync(file, 'utf8'), extension: extname(file) })));
for (const literal of literals) bundle[literal] ??= literal;
writeFileSync(join(repo, 'l10n', 'bundle.l10n.json'), `${JSON.stringify(bundle, null, 2)}\n`);
console.log(`l10n/bundle.l10n.json: ${Object.keys(bundle).length} strings`);
const german = JSON.parse(readFileSync(join(repo, 'l10n', 'bundle.l10n.de.json'), 'utf8'));
const untranslated = Object.keys(bundle).filter((k) => !(k in german));
const unused = Object.keys(german).filter((k) => !(k in bundle));
if (untranslated.length > 0) console.log(`l10n/bundle.l10n.de.json lacks: ${JSON.stringify(untranslated, null, 2)}`);
if (unused.length > 0) console.log(`l10n/bundle.l10n.de.json no longer needs: ${JSON.stringify(unused, null, 2)}`);
