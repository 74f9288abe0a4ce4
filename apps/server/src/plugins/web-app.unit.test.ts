import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withVariant } from './web-app';

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

describe('the CSP hashes of inline scripts', () => {
  it('hashes the text between the tags of each inline script, and skips scripts with a src', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script>(function(){})({"a":1});</script>',
      '<script>\n  two\n</script>',
    ].join('\n');
    // As a browser computes them: base64 of SHA-256 over the UTF-8 text (here from openssl dgst).
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-RR8dHlcXWdoh+8M2wKIwwBAigf9ocAHNdc5NCaB/4dk='",
      "'sha256-R7fNM2GB7rioBLE+/j+YeRq3ZspPHwK5qgBnktNaps8='",
    ]);
  });
});
