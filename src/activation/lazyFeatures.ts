// The features bundle, loaded once on first use: the Node host requires it (injected by
// src/node/main.ts); the web worker, which has no require, fetches it and runs it as CommonJS the way
// VS Code's own web-worker host runs an extension's main, with `vscode` its only module.
import * as vscode from 'vscode';
import type * as FeaturesBundle from '../features';

/** Loads a bundle of the extension by its path under the extension's folder. */
export type LoadBundle = (relativePath: string) => unknown;

const FEATURES_BUNDLE = 'dist/web/features.js';

/** The web worker's loader: fetch (VS Code maps file: and vscode-remote: URIs for it), then evaluate. */
export function fetchingLoader(extensionUri: vscode.Uri): LoadBundle {
  return async (relativePath) => {
    const uri = vscode.Uri.joinPath(extensionUri, ...relativePath.split('/'));
    const response = await fetch(uri.toString(true));
    if (!response.ok) throw new Error(`fetching ${relativePath} answered ${response.status} ${response.statusText}`);
    const source = await response.text();
    const module: { exports: unknown } = { exports: {} };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a CommonJS bundle of our own, run as the host runs our main
    const run = new Function('module', 'exports', 'require', `${source}\n//# sourceURL=${uri.toString(true)}`) as (
      module: { exports: unknown },
      exports: unknown,
      require: (id: string) => unknown,
    ) => void;
    run(module, module.exports, (id) => {
      if (id === 'vscode') return vscode;
      throw new Error(`${relativePath} requires '${id}': the web-worker host has only 'vscode'`);
    });
    return module.exports;
  };
}

/** The features, started on the first `get()`; a failed load is logged and tried again on the next use. */
export class LazyFeatures {
  private loading: Promise<FeaturesBundle.Features> | undefined;
  /** The features once started: what may run without waiting (nothing to settle before they exist). */
  current: FeaturesBundle.Features | undefined;

  constructor(
    private readonly load: LoadBundle,
    private readonly start: (bundle: typeof FeaturesBundle) => FeaturesBundle.Features,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get(): Promise<FeaturesBundle.Features> {
    this.loading ??= (async () => {
      const started = performance.now();
      const bundle = (await this.load(FEATURES_BUNDLE)) as typeof FeaturesBundle;
      this.current = this.start(bundle);
      this.log.info(`${FEATURES_BUNDLE} loaded and started in ${(performance.now() - started).toFixed(1)}ms`);
      return this.current;
    })().catch((err: unknown) => {
      this.loading = undefined;
      const message = `lsp-tool could not load ${FEATURES_BUNDLE}: ${err instanceof Error ? err.message : String(err)}. Reload the window; if it persists, reinstall the extension.`;
      this.log.error(message);
      throw new Error(message);
    });
    return this.loading;
  }

  /** Resolves once a load in progress has finished (at once when none started). */
  async whenStarted(): Promise<FeaturesBundle.Features | undefined> {
    return this.loading?.catch(() => undefined);
  }
}
