import type { AnalyticsEvent } from '@redflag/contracts/events';
import { apiRequest } from './api';

/**
 * First-party analytics (docs/design.md §2): events go to our own POST /api/events, whose schema
 * (@redflag/contracts/events) is strict and accepts only counts, flags and verdicts, never message text.
 * Tracking must never break or slow the page, so the request is fire-and-forget, survives navigation
 * (keepalive) and any failure is swallowed.
 */
export type AnalyticsEventName = AnalyticsEvent['name'];
export type AnalyticsProps = NonNullable<AnalyticsEvent['properties']>;

export function track(event: AnalyticsEventName, props: AnalyticsProps = {}): void {
  apiRequest('sendEvent', { body: { name: event, properties: props }, keepalive: true }).catch(() => undefined);
}
