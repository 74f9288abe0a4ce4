import type { Plugin } from 'vite';

const stylesheet = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The splash paints from the HTML alone: the page's ground is in index.html's own <style>, and
 * the stylesheets Vite writes into the head move to the end of the body, after the splash. A
 * stylesheet in the head holds every paint until it arrives; one after the splash holds only
 * what follows it, and still holds the module scripts (a parser-inserted stylesheet blocks
 * scripts until it has loaded), so no screen renders unstyled.
 */
export function stylesheetAfterSplash(): Plugin {
  return {
    name: 'wallet-stylesheet-after-splash',
    apply: 'build',
    // The member app's page only: the back office's is built by a config of its own.
    transformIndexHtml: { order: 'post', handler: moveStylesheetsToBody },
  };
}

export function moveStylesheetsToBody(html: string): string {
  const links = html.match(stylesheet) ?? [];
  if (links.length === 0) throw new Error('index.html has no stylesheet to move');
  const body = links.map((link) => `\n    ${link.trim()}`).join('');
  return html.replace(stylesheet, '').replace(/\s*<\/body>/, `${body}\n  </body>`);
}
