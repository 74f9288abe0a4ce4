import { describe, expect, it } from 'vitest';
import { InviteListResponseSchema, inviteLink } from './invite';

describe('the invite link', () => {
  it('is the register page with code PR and the member id', () => {
    expect(inviteLink('https://wallet.example', 42)).toBe(
      'https://wallet.example/register?code=PR42',
    );
  });

  it('does not double the slash after the host', () => {
    expect(inviteLink('https://wallet.example/', 7)).toBe(
      'https://wallet.example/register?code=PR7',
    );
  });
});

describe('the invite list', () => {
  it('names who was invited, the amount and the date', () => {
    const page = {
      total: 1,
      invites: [{ from: { name: 'Noi' }, amount: 20, createdAt: '2026-03-01T00:00:00Z' }],
    };
    expect(InviteListResponseSchema.parse(page)).toEqual(page);
    expect(InviteListResponseSchema.safeParse({ invites: [] }).success).toBe(false);
  });
});
