import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { fontFamily } from '../src/app/font-family.ts';
import { isMemberPage } from './member-page.ts';

/**
 * The first paint comes from index.html itself: the brand mark, where the page loader
 * (src/app/page-loader.tsx) shows it, painted before any stylesheet or script has arrived.
 * React replaces it with the page loader, then the screen.
 *
 * Beside the mark, out of sight and of the accessibility tree, a few Thai and Lao words in the
 * app's type and weights: the splash's layout then finds the fonts for those scripts and loads
 * the Thai line breaker while the scripts are still downloading, instead of in the first
 * screen's layout on a busy main thread.
 */
export function splash(): Plugin {
  const mark = readFileSync(
    join(import.meta.dirname, '../src/components/ui/brand-mark.svg'),
    'utf8',
  );
  const type = fontFamily.replaceAll('"', "'");
  const words = ['400', '600', '700']
    .map((weight) => `<span style="font-weight:${weight}">ยอดเงินทั้งหมด 0.00 บาท ຍອດເງິນ</span>`)
    .join(' ');
  const fontsFound =
    '<span aria-hidden="true" style="position:absolute;width:1px;height:1px;overflow:hidden;' +
    `clip-path:inset(50%);font-family:${type}">${words}</span>`;
  // The page loader's layout: centred in 60 % of the viewport's height, the 56 px mark above
  // the loading dots (16 px apart, 36 px high).
  const markup =
    '<div style="min-height:60vh;display:flex;align-items:center;justify-content:center">' +
    '<div style="display:flex;flex-direction:column;align-items:center;gap:16px">' +
    `<span style="display:inline-flex;width:56px;height:56px">${mark.trim()}</span>` +
    `<span style="height:36px"></span>${fontsFound}</div></div>`;
  return {
    name: 'wallet-splash',
    transformIndexHtml(html, ctx) {
      if (!isMemberPage(ctx)) return html;
      if (!html.includes('<!--wallet-splash-->')) {
        throw new Error('index.html has no <!--wallet-splash--> mark for the splash');
      }
      return html.replace('<!--wallet-splash-->', markup);
    },
  };
}
