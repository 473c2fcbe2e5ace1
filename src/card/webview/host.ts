// The card's one channel to the extension: typed messages out (protocol.ts), and the webview's
// saved state, which survives the view being hidden or reloaded.
import type { FromCard } from './protocol';

interface VsCodeApi {
  postMessage(message: FromCard): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export interface CardHost {
  post(message: FromCard): void;
  saved(): unknown;
  save(state: unknown): void;
}

/** Called once: the webview allows one acquireVsCodeApi per page. */
export function connectHost(): CardHost {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    saved: () => api.getState(),
    save: (state) => api.setState(state),
  };
}
