import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformHook, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { appVariant } from './app-variant';
import { splash } from './splash';
import { moveStylesheetsToBody } from './stylesheet-after-splash';

const indexHtml = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');

/** A plugin's transformIndexHtml as a plain function of the page. */
function transform(plugin: Plugin): (html: string) => string {
  const hook = plugin.transformIndexHtml;
  const handler = (typeof hook === 'function' ? hook : hook?.handler) as IndexHtmlTransformHook;
  return (html) => handler.call({} as never, html, {} as never) as string;
}

describe('the splash', () => {
  it('paints the brand mark and the Thai and Lao words in index.html itself', () => {
    const html = transform(splash())(indexHtml);
    expect(html).not.toContain('<!--wallet-splash-->');
    expect(html).toMatch(/<div id="root"><div[^>]*><div[^>]*><span[^>]*><svg/);
    expect(html).toContain('ยอดเงินทั้งหมด');
    expect(html).toContain('ຍອດເງິນ');
    expect(html).toMatch(/aria-hidden="true"[^>]*>.*ยอดเงิน/);
  });

  it('refuses a page that has lost its mark', () => {
    expect(() => transform(splash())('<div id="root"></div>')).toThrow(/wallet-splash/);
  });
});

describe('the stylesheet after the splash', () => {
  it("moves the head's stylesheets to the end of the body, in order", () => {
    const built = [
      '<head>',
      '  <link rel="stylesheet" crossorigin href="/assets/a.css">',
      '  <link rel="stylesheet" crossorigin href="/assets/b.css">',
      '</head>',
      '<body><div id="root"></div>',
      '</body>',
    ].join('\n');
    const html = moveStylesheetsToBody(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(html.indexOf('a.css')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf('a.css')).toBeLessThan(html.indexOf('b.css'));
    expect(html.indexOf('b.css')).toBeLessThan(html.indexOf('</body>'));
  });

  it('fails a build whose page has no stylesheet', () => {
    expect(() => moveStylesheetsToBody('<head></head><body></body>')).toThrow(/no stylesheet/);
  });
});

describe('the variant in dev', () => {
  it('writes laos or default where the server would', () => {
    expect(transform(appVariant(true))(indexHtml)).toContain('content="laos"');
    expect(transform(appVariant(false))(indexHtml)).toContain('content="default"');
  });
});
