import { PICTURE_MAX_BYTES, PictureSchema } from '@wallet/contract/common';
import { describe, expect, it } from 'vitest';
import { readPicture } from './picture-file';

/** PNG's signature, then filler: what the server's byte check looks for. */
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], 'line-qr.png', { type: 'image/png' });
};

describe('a picture chosen for upload', () => {
  it('is read into the data URL the contract takes', async () => {
    const read = await readPicture(png(20 * 1024));
    expect(read).toEqual({ picture: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    if (!('picture' in read)) throw new Error('refused');
    expect(PictureSchema.safeParse(read.picture).success).toBe(true);
  });

  it('is taken up to 256 KB, and refused one byte over with the server’s own code', async () => {
    expect(await readPicture(png(PICTURE_MAX_BYTES))).toHaveProperty('picture');
    expect(await readPicture(png(PICTURE_MAX_BYTES + 1))).toEqual({
      refusal: 'PICTURE_TOO_LARGE',
    });
  });

  it('is refused when it is not a PNG, JPEG, WebP or SVG', async () => {
    const gif = new File(['GIF89a'], 'qr.gif', { type: 'image/gif' });
    expect(await readPicture(gif)).toEqual({ refusal: 'backoffice.content.contact.pictureType' });
  });
});
