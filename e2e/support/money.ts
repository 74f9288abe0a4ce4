import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, memberToken } from './members';

export type StatementEntry = {
  statementType: string;
  status: string;
  amount: number;
  from: string;
  to: string;
  adjustment?: { description: string };
};

/** The member's statement, newest first (`POST /api/statement`), as their app reads it. */
export async function statementOf(
  request: APIRequestContext,
  member: Member,
): Promise<StatementEntry[]> {
  const token = await memberToken(request, member);
  const answer = await request.post('/api/statement', {
    data: { page: 1, limit: 10 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).statements;
}

/** A withdrawal by the member's own API call, with a fresh Idempotency-Key as the app sends. */
export async function withdraw(request: APIRequestContext, member: Member, amount: number) {
  const token = await memberToken(request, member);
  const answer = await request.post('/api/wallet/withdraw', {
    data: { amount },
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}
