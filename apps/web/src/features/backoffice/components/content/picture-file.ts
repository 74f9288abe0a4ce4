import { PICTURE_MAX_BYTES } from '@wallet/contract/common';

/** The pictures the contract's PictureSchema takes as a data URL. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** A picture read for upload, or the form's message of why it is refused. */
export type PictureRead = { picture: string } | { refusal: string };

/**
 * Reads a picture chosen for upload into the data URL the contract takes, in the browser: one
 * over 256 KB is refused here with the server's own code (PICTURE_TOO_LARGE), before its bytes
 * travel, and so is a type the server would not take. The server checks the bytes all the same.
 */
export async function readPicture(file: File): Promise<PictureRead> {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return { refusal: 'backoffice.content.contact.pictureType' };
  }
  if (file.size > PICTURE_MAX_BYTES) return { refusal: 'PICTURE_TOO_LARGE' };
  const picture = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(file);
  });
  return { picture };
}
