import { describe, expect, it } from 'vitest';
import { withVariant } from './web-app';

describe('the variant meta tag', () => {
  it('replaces the placeholder the web app writes', () => {
    const html = '<head><meta name="app-variant" content="%APP_VARIANT%" /></head>';
    expect(withVariant(html, true)).toBe('<head><meta name="app-variant" content="laos" /></head>');
    expect(withVariant(html, false)).toBe(
      '<head><meta name="app-variant" content="default" /></head>',
    );
  });

  it('adds the tag when a build has no placeholder', () => {
    expect(withVariant('<html><head lang="x"><title>t</title></head></html>', true)).toContain(
      '<head lang="x">\n    <meta name="app-variant" content="laos" />',
    );
  });
});
