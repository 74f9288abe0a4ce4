import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptLink } from './encrypt-link';

describe('the gift link on its way to the server', () => {
  it('is sealed with the public key so that only the private key opens it', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const link = 'https://gift.truemoney.com/campaign/?v=0123456789abcdef0123456789abcdef';
    const sealed = await encryptLink(publicKey, link);
    expect(sealed).not.toContain('truemoney');
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const opened = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(sealed, 'base64'),
    ).toString('utf8');
    expect(opened).toBe(link);
  });
});
