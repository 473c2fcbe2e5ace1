// esbuild plugin for the web-worker test bundle: `./x` resolves to a sibling `x.web.ts` when there is
// one, so a test module that needs Node (test/integration/nodeOnly.ts) can have a web variant with the
// same exports. The extension itself has none: Node's capabilities are injected (src/node/main.ts).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const webVariants = {
  name: 'web-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const candidate = resolve(dirname(args.importer), `${args.path}.web.ts`);
      return existsSync(candidate) ? { path: candidate } : undefined;
    });
  },
};
