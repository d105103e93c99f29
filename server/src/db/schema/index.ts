// The one schema: every feature's tables, re-exported for drizzle-kit and the typed client.
export * from './meta.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './contact.ts';
export * from './billing.ts';
export * from './scans.ts';
export * from './api-keys.ts';
export * from './feedback.ts';
export * from './inbound.ts';
export * from './reputation.ts';
