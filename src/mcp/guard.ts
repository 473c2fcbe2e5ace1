// Who may talk to the server: the loopback Host and Origin (against DNS rebinding) and the window's
// bearer token, compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import type * as http from 'node:http';

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/** Why a request is refused before anything reads its body: a status, a message and a header to send. */
export interface Refusal {
  status: number;
  message: string;
  header?: [string, string];
}

/** Checks a request's Host, Origin and Authorization, in that order; undefined when it may pass. */
export function guard(bearerToken: string): (req: http.IncomingMessage, port: number) => Refusal | undefined {
  const expected = Buffer.from(`Bearer ${bearerToken}`);
  const authorized = (header: string | undefined): boolean => {
    const given = Buffer.from(header ?? '');
    // Equal lengths for timingSafeEqual; a wrong length still costs one comparison.
    return timingSafeEqual(given.length === expected.length ? given : expected, expected) && given.length === expected.length;
  };
  return (req, port) => {
    const host = req.headers.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return { status: 403, message: `Forbidden: Host must be 127.0.0.1:${port} or localhost:${port}` };
    const origin = req.headers.origin;
    if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin)) return { status: 403, message: 'Forbidden: Origin is not a loopback origin' };
    if (!authorized(req.headers.authorization))
      return { status: 401, message: 'Unauthorized: send Authorization: Bearer <LSP_TOOL_MCP_TOKEN>', header: ['WWW-Authenticate', 'Bearer'] };
    return undefined;
  };
}
