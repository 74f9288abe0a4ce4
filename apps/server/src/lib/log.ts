/**
 * What a service needs of the app's logger (pino's, through Fastify): structured fields first,
 * then the message. Services take it (or a Pick of it) so tests can hand them any logger.
 */
export type Log = {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/** Query parameters whose values open something (signed links, game sessions): never logged. */
const SECRET_QUERY_PARAMS = new Set(['signature', 'session', 'token', 'password']);

/**
 * A request URL fit for the log: the password segment of `/api/autoLogin/{p}/{user}/{password}`
 * (the spec's calls puts the game password in the path) and the values of the query
 * parameters above (the signature of a slip or chat-file link is the permission to open the
 * file, docs/decisions/0043 and 0044) become `[redacted]`. The rest stays, to trace requests.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const safePath = path.replace(/^(\/api\/autologin\/[^/]*\/[^/]*\/)[^/]+/i, '$1[redacted]');
  if (query === '') return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** What pino logs of a request (Fastify's default fields), with the URL through `redactUrl`. */
export function requestLogSerializer(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
