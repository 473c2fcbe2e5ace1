// The HTTP side of the MCP server: the body read within its bound, Node's request as a Fetch
// Request for the SDK's transport and its Response back, and the JSON-RPC error answers.
import type * as http from 'node:http';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error answer (id null: it answers no request the server has read). */
export function sendError(res: http.ServerResponse, status: number, message: string, code: number = ErrorCode.ConnectionClosed): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** What readBody answers for a body past the bound. */
export const TOO_LARGE = Symbol('tooLarge');

/**
 * The body as text, or TOO_LARGE as soon as it passes the bound. The rest is read and dropped so
 * the client can read the 413, up to a hard limit past which the connection is cut.
 */
export function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        chunks = [];
        resolve(TOO_LARGE);
        if (size > 16 * maxBytes) req.destroy();
      }
    });
    req.on('end', () => resolve(size > maxBytes ? TOO_LARGE : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Node's request as a Fetch Request: method, URL and headers (the body was read already and goes in as parsedBody). */
export function toWebRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, { method: req.method, headers });
}

/** Writes a Fetch Response to Node's response, streaming its body (SSE) chunk by chunk; a closed connection cancels the stream. */
export async function sendWebResponse(response: Response, res: http.ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // Headers go out now: an SSE client waits for them before the first event.
  res.flushHeaders();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The stream was cancelled: the client went away.
  }
  res.end();
}
