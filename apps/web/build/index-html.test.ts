import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexHtmlTransformHook, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { appVariant } from './app-variant';
import { splash } from './splash';
import { moveStylesheetsToBody, stylesheetAfterSplash } from './stylesheet-after-splash';

const root = join(import.meta.dirname, '..');
const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
const backofficeHtml = readFileSync(join(root, 'backoffice.html'), 'utf8');

/** A plugin's transformIndexHtml as a plain function of a page (index.html unless told). */
function transform(plugin: Plugin, page = 'index.html'): (html: string) => string {
  const hook = plugin.transformIndexHtml;
  const handler = (typeof hook === 'function' ? hook : hook?.handler) as IndexHtmlTransformHook;
  const ctx = { path: `/${page}`, filename: join(root, page) };
  return (html) => handler.call({} as never, html, ctx as never) as string;
}

/** The page as Vite's build writes it: the app's one stylesheet linked in the head. */
const built = (html: string) =>
  html.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/style.css">\n</head>');

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

describe("the back office's page", () => {
  it("is left as it is by the splash, the member page's, in dev's one server", () => {
    const page = built(backofficeHtml);
    expect(transform(splash(), 'backoffice.html')(page)).toBe(page);
  });

  it('is built by a config of its own, without the splash or the stylesheet after it', async () => {
    const { default: config } = await import('../vite.backoffice.config');
    const names = (config.plugins ?? []).flat(3).map((plugin) => (plugin as Plugin).name);
    expect(names).toContain('vite:react-babel');
    expect(names).not.toContain(splash().name);
    expect(names).not.toContain(stylesheetAfterSplash().name);
    expect(config.build?.emptyOutDir).toBe(false);
  });

  it('has no splash mark, which the splash would have refused on the member page', () => {
    expect(backofficeHtml).not.toContain('<!--wallet-splash-->');
    expect(() => transform(splash())(backofficeHtml)).toThrow(/wallet-splash/);
  });

  it('runs no inline script (the CSP: script-src self) and loads its own entry', () => {
    expect(backofficeHtml).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(backofficeHtml).toContain('src="/src/backoffice/main.tsx"');
  });
});

describe('the member page', () => {
  it('still gets its stylesheet moved after the splash', () => {
    const html = transform(stylesheetAfterSplash())(built(indexHtml));
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="stylesheet"');
  });
});

describe('the variant in dev', () => {
  it('writes laos or default where the server would', () => {
    expect(transform(appVariant(true))(indexHtml)).toContain('content="laos"');
    expect(transform(appVariant(false))(indexHtml)).toContain('content="default"');
    expect(transform(appVariant(true), 'backoffice.html')(backofficeHtml)).toContain(
      'content="laos"',
    );
  });
});
