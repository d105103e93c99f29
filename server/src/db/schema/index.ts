// The one schema: every feature's tables, re-exported for drizzle-kit and the typed client.
export * from './meta.ts';
