// The HTTP side every scripted model shares (test/host/fakeModel.mjs for Copilot's OpenAI-style
// requests, test/host/fakeAnthropic.mjs for Claude Code's): 127.0.0.1 only, the control endpoints
// the tests drive (POST /control/script, POST /control/reset, GET /control/requests), and a close
// that drops open connections. Each model answers its own routes.
import { createServer } from 'node:http';

/**
 * `route({ path, req, res, raw, json, state })` answers a model route and resolves true, or false
 * when the path is not its own; `state.turns` is the script, `state.requests` what came since.
 * `notFound(req, path)` and `failed(err)` are the model's own error bodies (404 and 500).
 */
export function startScriptedServer({ route, notFound, failed }) {
  const state = { turns: [], requests: [] };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = (status, value) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      try {
        const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
        if (path === '/control/script' && req.method === 'POST') {
          state.turns = JSON.parse(raw || '{}').turns ?? [];
          state.requests = [];
          return json(200, { ok: true });
        }
        if (path === '/control/reset' && req.method === 'POST') {
          state.turns = [];
          state.requests = [];
          return json(200, { ok: true });
        }
        if (path === '/control/requests') return json(200, state.requests);
        if (await route({ path, req, res, raw, json, state })) return undefined;
        return json(404, notFound(req, path));
      } catch (err) {
        return json(500, failed(err));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}
