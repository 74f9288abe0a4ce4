import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

describe('redactUrl', () => {
  it('hides the password segment of an auto-login path, whatever its case', () => {
    expect(redactUrl('/api/autoLogin/imi/mw7/s3cret')).toBe('/api/autoLogin/imi/mw7/[redacted]');
    expect(redactUrl('/api/autologin/imi/mw7/s3cret?x=1')).toBe(
      '/api/autologin/imi/mw7/[redacted]?x=1',
    );
  });

  it('keeps an auto-login path without a password as it is', () => {
    expect(redactUrl('/api/autoLogin/pg/mw7')).toBe('/api/autoLogin/pg/mw7');
  });

  it('hides signatures, sessions and tokens in the query and keeps the other parameters', () => {
    expect(redactUrl('/api/chat/files/3?expires=99&signature=abc&Token=t&session=s&page=2')).toBe(
      '/api/chat/files/3?expires=99&signature=[redacted]&Token=[redacted]&session=[redacted]&page=2',
    );
    expect(redactUrl('/f?%73ignature=abc')).toBe('/f?%73ignature=[redacted]');
  });

  it('leaves other paths alone', () => {
    expect(redactUrl('/api/wallet')).toBe('/api/wallet');
  });
});
