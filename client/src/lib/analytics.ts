import type { AnalyticsEvent } from '@redflag/contracts/events';

/**
 * First-party analytics (DESIGN.md section 2): events go to our own POST /api/events, whose schema
 * (@redflag/contracts/events) is strict and accepts only counts, flags and verdicts, never message text.
 * Tracking must never break or slow the page, so the request is fire-and-forget, survives navigation
 * (keepalive) and any failure is swallowed.
 */
export type AnalyticsEventName = AnalyticsEvent['name'];
export type AnalyticsProps = NonNullable<AnalyticsEvent['properties']>;

export function track(event: AnalyticsEventName, props: AnalyticsProps = {}): void {
  try {
    const body: AnalyticsEvent = { name: event, properties: props };
    void fetch('/api/events', {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    /* fetch unavailable: analytics is best effort */
  }
}
