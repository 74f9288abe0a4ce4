/**
 * Pictures the back office uploads (the LINE QR, banners) arrive as data URLs: the bytes must be
 * the picture the type names, so a file renamed to look like a picture is refused.
 */
/** Where an uploaded picture's bytes must start, per type: a data URL that lies is refused. */
const pictureMagic: Record<string, (bytes: Buffer) => boolean> = {
  png: (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  // An SVG shown as an image runs no script; it must still be an SVG document.
  'svg+xml': (b) =>
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(b.toString('utf8')),
  webp: (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The picture of a data URL is what its type says; an https address is taken as it is. */
export function pictureHolds(value: string): boolean {
  const match = /^data:image\/(png|jpeg|webp|svg\+xml);base64,(.*)$/.exec(value);
  if (!match) return true;
  const [, type = '', data = ''] = match;
  return pictureMagic[type]?.(Buffer.from(data, 'base64')) ?? false;
}
