import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { requestIdFrom, runInRequest, type Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { AppEnv } from './types.ts';

/**
 * First middleware of the app: the request id (a well-formed incoming X-Request-Id, so one id follows a
 * request from the load balancer through every instance's logs, else a new UUID), echoed in the response;
 * the request's child logger on the context; every log line written while serving it carries the id
 * (runInRequest); then one access line and the request's metrics.
 */
export function requestLog(logger: Logger, metrics: Metrics): MiddlewareHandler<AppEnv> {
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
    // Method, path and status only: never bodies or query strings (they may carry tokens or messages).
    // A path with parameters is logged as its route (/api/scans/:id): the values are the client's.
    const route = routePath(c);
    const path = route.includes(':') ? route : c.req.path;
    const ms = performance.now() - start;
    log.info({ method: c.req.method, path, status: c.res.status, ms: Math.round(ms * 10) / 10 }, 'request');
    metrics.observeRequest({ method: c.req.method, route, status: c.res.status, seconds: ms / 1000 });
  };
}
