import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { CLIENT_ROUTE_TEMPLATES, CLIENT_ROUTES } from '@redflag/contracts/routes';
import { requestIdFrom, runInRequest, type Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { AppEnv } from './types.ts';

/**
 * Names a request path for the logs by the route pattern it fits (/api/scans/:id, /r/:token), so no value a
 * client put in a path (a share token, a key, an id) is ever written out. A path no pattern fits keeps only the
 * segments that some route has and stars every other one: /api/<token> is logged as `/api/*`.
 */
export class PathPatterns {
  private readonly patterns: Array<{ pattern: string; parts: string[]; fixed: number }> = [];
  private readonly words = new Set<string>();

  constructor(patterns: Iterable<string>) {
    for (const pattern of new Set(patterns)) {
      const parts = pattern.split('/');
      for (const p of parts) if (p && p !== '*' && !p.startsWith(':')) this.words.add(p);
      // A catch-all names nothing by itself; its fixed segments still count as words.
      if (parts.some((p) => p.includes('*'))) continue;
      this.patterns.push({ pattern, parts, fixed: parts.filter((p) => !p.startsWith(':')).length });
    }
  }

  name(path: string): string {
    const parts = path.split('/');
    let best: { pattern: string; fixed: number } | null = null;
    for (const p of this.patterns) {
      if (p.parts.length !== parts.length || (best && best.fixed >= p.fixed)) continue;
      if (p.parts.every((want, i) => (want.startsWith(':') ? parts[i] !== '' : want === parts[i]))) best = p;
    }
    if (best) return best.pattern;
    return parts.map((p) => (p === '' || this.words.has(p) ? p : '*')).join('/');
  }
}

/**
 * First middleware of the app: the request id (a well-formed incoming X-Request-Id, so one id follows a
 * request from the load balancer through every instance's logs, else a new UUID), echoed in the response;
 * the request's child logger on the context; every log line written while serving it carries the id
 * (runInRequest); then one access line and the request's metrics. `knownPaths` lists the app's route
 * patterns (read once, at the first request, when every route is registered); the client's routes are added
 * here.
 */
export function requestLog(
  logger: Logger,
  metrics: Metrics,
  knownPaths: () => Iterable<string> = () => [],
): MiddlewareHandler<AppEnv> {
  let patterns: PathPatterns | null = null;
  return async (c, next) => {
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId', reqId);
    const log = logger.child({ reqId });
    c.set('log', log);
    const start = performance.now();
    await runInRequest({ reqId, log }, next);
    // Set on the final answer, whoever made it (better-auth returns its own Response).
    try {
      c.res.headers.set('X-Request-Id', reqId);
    } catch {
      // Immutable headers (a Response fetched from elsewhere): copy it first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', reqId);
    }
    // Method, route pattern and status only: never bodies, query strings or the values in a path (share
    // tokens, keys, ids). The route that answered names it when it has parameters; a
    // catch-all, a middleware or a 404 answered, so the path is named by the pattern it fits, or starred.
    const route = routePath(c);
    patterns ??= new PathPatterns([...knownPaths(), ...CLIENT_ROUTES, ...CLIENT_ROUTE_TEMPLATES]);
    const path = route.includes(':') && !route.includes('*') ? route : patterns.name(c.req.path);
    const ms = performance.now() - start;
    log.info({ method: c.req.method, path, status: c.res.status, ms: Math.round(ms * 10) / 10 }, 'request');
    metrics.observeRequest({ method: c.req.method, route, status: c.res.status, seconds: ms / 1000 });
  };
}
