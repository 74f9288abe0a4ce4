import { describe, expect, it } from 'vitest';
import { waitText } from '../../lib/domain-error';
import { networkOf } from './sign-in-throttle';

describe('the address a sign-in limit counts', () => {
  it('is an IPv4 address as it is, also when written as IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(networkOf('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the wait a refusal names', () => {
  it('reads in minutes and seconds', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(843)).toBe('14 minutes 3 seconds');
  });
});
