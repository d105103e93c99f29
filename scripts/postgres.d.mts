/** Types of scripts/postgres.mjs, for the TypeScript that imports it (bench/scans.ts, its test). */
export interface TestPostgres {
  url: string;
  postmaster(): number | null;
  stop(): void;
}
export function findPgBin(base?: string): string | null;
export function startPostgres(opts: {
  port: number;
  prefix?: string;
  settings?: Record<string, string | number>;
}): TestPostgres | null;
