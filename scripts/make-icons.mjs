#!/usr/bin/env node
// Writes the app's PNG icons (client/public/icons/) from the favicon's drawing, rendered by Chromium (the
// browser the e2e journeys use): "any" icons with the rounded square, maskable ones full-bleed with the flag
// inside the central 80% safe zone, and the 180 px apple-touch-icon. Run by hand after changing the logo;
// the PNGs are committed. `node scripts/make-icons.mjs`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const OUT = fileURLToPath(new URL('../client/public/icons/', import.meta.url));
const INK = '#0b1120';
const flag =
  '<path d="M10 6v20" stroke="#f8fafc" stroke-width="2.5" stroke-linecap="round"/><path d="M11 7h13l-3.5 5 3.5 5H11z" fill="#ef4444"/>';
// "any": the favicon as it is. Maskable: a full square, the flag scaled to 60% around the centre.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${INK}"/>${flag}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${INK}"/><g transform="translate(16 16) scale(0.62) translate(-17 -16)">${flag}</g></svg>`;
const full = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${INK}"/><g transform="translate(16 16) scale(0.8) translate(-17 -16)">${flag}</g></svg>`;

const icons = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', full, 180],
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [name, svg, size] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(OUT, name), png);
    console.log(`${name} ${size}x${size} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
