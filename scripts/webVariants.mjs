// esbuild plugin for web-worker bundles: `./x` resolves to a sibling `x.web.ts` when there is one,
// so a module that needs Node (src/workspace/realpath.ts, test/integration/nodeOnly.ts) can have a
// web variant with the same exports.
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
