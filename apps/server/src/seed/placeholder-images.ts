/**
 * Demo game providers carry no artwork of their own, so the seed draws simple SVG images as
 * data: URLs (allowed by the CSP's img-src) rather than pointing at files nobody ships.
 */
const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function dataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

export function badgeSvg(name: string, index: number): string {
  const color = palette[index % palette.length];
  const label = escapeXml(name.length > 10 ? name.slice(0, 10) : name);
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
      `<rect width="160" height="160" rx="32" fill="${color}"/>` +
      `<text x="80" y="90" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>` +
      `</svg>`,
  );
}

export function bannerSvg(name: string, index: number): string {
  const from = palette[index % palette.length];
  const to = palette[(index + 3) % palette.length];
  const label = escapeXml(name);
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="480" height="270" fill="url(#g)"/>` +
      `<text x="240" y="150" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>` +
      `</svg>`,
  );
}
