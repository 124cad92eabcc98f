/**
 * Writes the installed app's icons (web/public/icons/*.png) from the brand mark of web/public/favicon.svg, drawn by
 * Debian's Chromium: 192 and 512 px as browsers ask for them, a 512 px maskable one (the mark inside the middle 80%,
 * the safe zone a launcher may crop to) and the 180 px touch icon iOS uses. Run again when the mark changes:
 * `npx tsx scripts/write-app-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const BACKGROUND = '#0b1018';
const mark = readFileSync(fileURLToPath(new URL('../web/public/favicon.svg', import.meta.url)), 'utf8');

const ICONS = [
  { file: 'icon-192.png', size: 192, markShare: 1 },
  { file: 'icon-512.png', size: 512, markShare: 1 },
  { file: 'icon-maskable-512.png', size: 512, markShare: 0.7 },
  { file: 'apple-touch-icon-180.png', size: 180, markShare: 1 },
];

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const markSize = Math.round(icon.size * icon.markShare);
      await page.setContent(
        `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${BACKGROUND}">` +
          `<div style="width:${markSize}px;height:${markSize}px">${mark.replace('<svg ', `<svg width="${markSize}" height="${markSize}" `)}</div></body>`,
      );
      await page.screenshot({ path: fileURLToPath(new URL(`../web/public/icons/${icon.file}`, import.meta.url)), omitBackground: false });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void main();
