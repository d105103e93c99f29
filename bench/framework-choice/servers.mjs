// One JSON round-trip server per framework: parse a JSON body, answer JSON.
// Started as a child process by run.mjs: `node servers.mjs <framework> <port>`.
const [framework, portArg] = process.argv.slice(2);
const port = Number(portArg);
const reply = (body) => ({ ok: true, echoed: body.message?.length ?? 0 });

if (framework === 'node') {
  const http = await import('node:http');
  http
    .createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const out = JSON.stringify(reply(JSON.parse(data)));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(out);
      });
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
} else if (framework === 'hono') {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const app = new Hono();
  app.post('/echo', async (c) => c.json(reply(await c.req.json())));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.send?.('ready'));
} else if (framework === 'fastify') {
  const Fastify = (await import('fastify')).default;
  const app = Fastify();
  app.post('/echo', async (req) => reply(req.body));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else if (framework === 'express') {
  const express = (await import('express')).default;
  const app = express();
  app.use(express.json());
  app.post('/echo', (req, res) => res.json(reply(req.body)));
  app.listen(port, '127.0.0.1', () => process.send?.('ready'));
}
