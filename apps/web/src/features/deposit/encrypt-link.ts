/**
 * The API contract, gift-link encryption: the link is encrypted in the browser with the
 * installation's public key (RSA-OAEP, SHA-256) and sent as base64, so it never travels or is
 * logged in the clear on its way to the server.
 */
export async function encryptLink(publicKeyPem: string, link: string): Promise<string> {
  const body = publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey(
    'spki',
    der,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(link)),
  );
  return btoa(String.fromCharCode(...sealed));
}
