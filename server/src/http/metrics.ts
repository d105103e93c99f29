import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isLocalHostname, type Config } from '../config.ts';
import type { Metrics } from '../lib/metrics.ts';
import { clientIp } from './rate-limit.ts';
import { isLoopbackAddress } from './security.ts';
import type { AppEnv } from './types.ts';

type MetricsConfig = Pick<Config, 'production' | 'metricsToken' | 'trustProxyHeader'>;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The bearer token matches METRICS_TOKEN (compared in constant time, on digests of equal length). */
function hasToken(c: Context, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return Boolean(match?.[1]) && timingSafeEqual(sha256(match?.[1] ?? ''), sha256(token));
}

/**
 * Who may read /metrics (decision 070): anyone with the token; outside production also a client on this
 * machine that reached us under a local name (as the dev-only routes, so a DNS-rebound page cannot read
 * it); in production without a token configured, nobody, and the route does not exist.
 */
export function metricsAccess(c: Context, config: MetricsConfig): 'allowed' | 'unauthorized' | 'hidden' {
  if (config.metricsToken && hasToken(c, config.metricsToken)) return 'allowed';
  if (!config.production) {
    const host = (c.req.header('host') ?? new URL(c.req.url).host).replace(/:\d+$/, '');
    if (isLoopbackAddress(clientIp(c, config)) && isLocalHostname(host)) return 'allowed';
  }
  return config.metricsToken ? 'unauthorized' : 'hidden';
}

/** GET /metrics in Prometheus's text format. */
export function metricsRoutes(config: MetricsConfig, metrics: Metrics) {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const access = metricsAccess(c, config);
    if (access === 'hidden') return c.text('Not found', 404);
    if (access === 'unauthorized') {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
}
