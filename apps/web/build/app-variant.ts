import type { Plugin } from 'vite';

/**
 * The server writes the variant into index.html at serve time (the API contract); in dev this
 * plugin does the same from the LAOS environment variable, so both paths meet one meta tag.
 */
export function appVariant(laos = process.env.LAOS === '1'): Plugin {
  return {
    name: 'wallet-app-variant',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replaceAll('%APP_VARIANT%', laos ? 'laos' : 'default');
    },
  };
}
