import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/types.ts';
import { createMailRepo, type MailRow } from './mail.repo.ts';
import { escapeHtml, extractLinks } from './templates.ts';

/**
 * The dev outbox viewer: /dev/mailbox (a page with clickable links, no scripts, so it works under the
 * CSP), /dev/mailbox.json (for tests and tools), /dev/mailbox/:id (one mail's HTML as sent). Mounted only
 * when config.devMailbox (outbox transport, outside production, local PUBLIC_URL), and app.ts serves it to
 * loopback clients only (docs/decisions/044-safe-by-default.md): anyone else gets a 404.
 */
const LIMIT = 200;

function toJson(row: MailRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    text: row.text,
    html: row.html,
    links: extractLinks(row.html),
    createdAt: row.createdAt.toISOString(),
  };
}

function page(rows: MailRow[]): string {
  const items = rows
    .map((row) => {
      const links = extractLinks(row.html)
        .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
        .join('');
      return `<article style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:16px 20px;margin:0 0 16px;">
<h2 style="margin:0 0 4px;font-size:17px;">${escapeHtml(row.subject)}</h2>
<p style="margin:0 0 8px;color:#64748b;font-size:13px;">To <strong>${escapeHtml(row.to)}</strong> · ${escapeHtml(row.kind)} · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time> · <a href="/dev/mailbox/${escapeHtml(row.id)}">view as sent</a></p>
${links ? `<ul style="margin:0 0 8px;padding-left:20px;font-size:14px;word-break:break-all;">${links}</ul>` : ''}
<details><summary style="cursor:pointer;font-size:13px;color:#334155;">Text</summary><pre style="white-space:pre-wrap;font-size:13px;">${escapeHtml(row.text)}</pre></details>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · RedFlag</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Inter,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0b1120;">
<main style="max-width:760px;margin:0 auto;padding:24px 16px;">
<h1 style="font-size:22px;margin:0 0 4px;">Dev mailbox</h1>
<p style="margin:0 0 20px;color:#64748b;font-size:14px;">Every mail the server sent without SMTP, newest first. Not available in production. <a href="/dev/mailbox.json">JSON</a></p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}

// Its one dependency named here: context.ts builds the mailer from this folder, which imports nothing of it back.
export function devMailboxRoutes(ctx: { database: Database }) {
  const repo = createMailRepo(ctx.database.db);
  const app = new Hono<AppEnv>();
  app.get('/dev/mailbox.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await repo.listNewest(LIMIT)).map(toJson));
  });
  app.get('/dev/mailbox', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.html(page(await repo.listNewest(LIMIT)));
  });
  app.get('/dev/mailbox/:id', async (c) => {
    const row = await repo.findById(c.req.param('id'));
    if (!row) return c.html('<!doctype html><title>Not found</title><p>No such mail.</p>', 404);
    c.header('Cache-Control', 'no-store');
    return c.html(row.html);
  });
  return app;
}
