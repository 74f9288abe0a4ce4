import mark from './brand-mark.svg?raw';

/**
 * The wallet mark: a gold wallet on navy, drawn inline so it costs no request. The same file is
 * the splash index.html paints before any script has run (vite.config.ts, `splash`).
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <span
      style={{ display: 'inline-flex', flex: 'none', width: size, height: size }}
      // Our own static drawing, imported as text at build time: nothing from outside.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a file of this repository
      dangerouslySetInnerHTML={{ __html: mark }}
    />
  );
}
