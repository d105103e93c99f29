import { riskBand } from '@redflag/contracts/constants';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';

/**
 * The app's Prometheus metrics (docs/decisions/070-metrics.md), one registry per app so a
 * test can build a second app and read only its own figures. Every label value comes from a closed set
 * (route patterns, methods, status classes, verdicts): never an id, a path as typed, a query string or any
 * text a user wrote, so the output can be scraped and kept without holding anyone's data.
 */

// Request latencies: the scan path's target is p99 < 100 ms (docs/design.md); buckets around that.
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// The engine takes about 0.5 ms per message; the optional LLM reviewer takes seconds.
const ENGINE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface RequestObservation {
  method: string;
  /** The matched route pattern (`/api/scans/:id`), never the raw path; '' when nothing matched. */
  route: string;
  status: number;
  seconds: number;
}

export interface Metrics {
  /** The text format, and its Content-Type. */
  render(): Promise<{ contentType: string; body: string }>;
  observeRequest(o: RequestObservation): void;
  /** A stored scan: its verdict band and the time the engine took (seconds). */
  observeScan(riskScore: number, engineSeconds: number): void;
  /** Where each scrape reads the known-bad lists' ages from (the database: every instance sees the same lists). */
  observeFeeds(
    read: () => Promise<
      ReadonlyArray<{ name: string; entries: number; ageSeconds: number | null; lastFailure: string | null }>
    >,
  ): void;
  /**
   * A scheduled refresh this instance ran: its outcome ('refreshed' or why the copy was refused) and the
   * entries it skipped, by reason. Values are closed sets (reputation/feeds.service.ts), never list content.
   */
  observeFeedRefresh(o: { feed: string; outcome: string; skipped: Readonly<Record<string, number>> }): void;
}

export function createMetrics(database: Pick<Database, 'stats' | 'pool'>): Metrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag and GC: the CPU split of bench:scans, live.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to its response headers, by route pattern and status class',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const scans = new Counter({
    name: 'redflag_scans_total',
    help: 'Scans stored, by verdict',
    labelNames: ['verdict'] as const,
    registers: [registry],
  });
  for (const verdict of ['scam', 'suspicious', 'legitimate']) scans.inc({ verdict }, 0);
  const engine = new Histogram({
    name: 'redflag_engine_duration_seconds',
    help: 'Time the detection engine took per scan (optional network steps included)',
    buckets: ENGINE_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: 'redflag_db_statements_total',
    help: 'Statements sent to the database (one round trip each, BEGIN and COMMIT included)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.stats.statements);
    },
  });
  if (database.pool) {
    const pool = database.pool;
    new Gauge({
      name: 'redflag_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }

  let readFeeds: Parameters<Metrics['observeFeeds']>[0] | null = null;
  // Label values are the operator's list names (FEEDS): a closed set, never user input.
  const feedAge = new Gauge({
    name: 'redflag_feed_age_seconds',
    help: "Seconds since each known-bad list's last good copy was loaded",
    labelNames: ['feed'] as const,
    registers: [registry],
  });
  const feedEntries = new Gauge({
    name: 'redflag_feed_entries',
    help: "Entries in each known-bad list's last good copy",
    labelNames: ['feed'] as const,
    registers: [registry],
  });
  const feedFailure = new Gauge({
    name: 'redflag_feed_failure',
    help: "1 when a known-bad list's last refresh did not replace its copy, by why (download, too_small, html, unreadable, shrank, load)",
    labelNames: ['feed', 'reason'] as const,
    registers: [registry],
  });
  const feedRefreshes = new Counter({
    name: 'redflag_feed_refreshes_total',
    help: 'Scheduled known-bad list refreshes run by this instance, by outcome (refreshed, or why the copy was refused)',
    labelNames: ['feed', 'outcome'] as const,
    registers: [registry],
  });
  const feedSkipped = new Counter({
    name: 'redflag_feed_skipped_total',
    help: 'Entries a scheduled refresh left out of a list it loaded, by reason (unreadable, too_long, shared_host)',
    labelNames: ['feed', 'reason'] as const,
    registers: [registry],
  });
  const collectFeeds = async () => {
    feedAge.reset();
    feedEntries.reset();
    feedFailure.reset();
    if (!readFeeds) return;
    for (const f of await readFeeds()) {
      feedEntries.set({ feed: f.name }, f.entries);
      if (f.ageSeconds !== null) feedAge.set({ feed: f.name }, f.ageSeconds);
      if (f.lastFailure) feedFailure.set({ feed: f.name, reason: f.lastFailure }, 1);
    }
  };

  return {
    async render() {
      // A database that does not answer leaves the lists' gauges out; the rest of the figures still render.
      await collectFeeds().catch(() => undefined);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeRequest({ method, route, status, seconds }) {
      const labels = {
        method: METHODS.has(method) ? method : 'OTHER',
        route: route || 'unmatched',
        status_class: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    observeScan(riskScore, engineSeconds) {
      scans.inc({ verdict: riskBand(riskScore) });
      engine.observe(engineSeconds);
    },
    observeFeeds(read) {
      readFeeds = read;
    },
    observeFeedRefresh({ feed, outcome, skipped }) {
      feedRefreshes.inc({ feed, outcome });
      for (const [reason, n] of Object.entries(skipped)) feedSkipped.inc({ feed, reason }, n);
    },
  };
}
