import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets: single sign-on's code and state, and anything token-like a provider sends. */
const SECRET_PARAMS = /^(code|state|session_state|id_token|access_token|refresh_token|token)$/i;

/** A request URL fit for the log: secret query values replaced, so a sign-in code never lands in a log file. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.test(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * The server's log settings. What a request logs: method, URL (secrets masked), host and address, never bodies or
 * headers; cookies, authorization and set-cookie are also redacted should anything log the headers.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
