import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPgBin, startPostgres } from './postgres.mjs';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

// npm test installs Debian's postgresql before this runs (scripts/test-all.mjs); without it there is nothing to start.
describe.skipIf(!findPgBin())('the throw-away PostgreSQL the tests and benches share', () => {
  it('starts on loopback with the settings asked for, answers, and leaves nothing when stopped', async () => {
    const server = startPostgres({ port: await freePort(), settings: { max_connections: 37 } })!;
    const pid = server.postmaster();
    expect(pid).toBeGreaterThan(0);
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const r = await client.query<{ max_connections: string }>('show max_connections');
      const addr = await client.query<{ a: string | null }>('select inet_server_addr()::text as a');
      await client.end();
      expect(r.rows[0]?.max_connections).toBe('37');
      expect(addr.rows[0]?.a).toMatch(/^127\.0\.0\.1/);
    } finally {
      server.stop();
    }
    expect(server.postmaster()).toBeNull();
    // pg_ctl -w returns once the server is shut down; its process may take a moment more to be gone.
    await expect.poll(() => existsSync(`/proc/${pid}`), { timeout: 5_000 }).toBe(false);
    await expect(new pg.Client({ connectionString: server.url }).connect()).rejects.toThrow();
  });
});
