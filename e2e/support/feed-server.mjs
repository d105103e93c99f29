// A known-bad list for the browser journeys (e2e/known-bad-link.spec.ts): one OpenPhish-format line, served
// on a loopback port that the server's FEEDS names (playwright.config.ts). Nothing else is served.
import { createServer } from 'node:http';
import process from 'node:process';

const LISTED_LINK = 'https://e2e-listed-phish.example/verify';
const port = Number(process.argv[2]);
createServer((req, res) => {
  if (req.url === '/openphish.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(`${LISTED_LINK}\n`);
  else res.writeHead(404).end();
}).listen(port, '127.0.0.1');
