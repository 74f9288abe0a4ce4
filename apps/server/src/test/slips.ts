import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Reply } from './harness';
import type { memberWithToken } from './members';

type Member = Awaited<ReturnType<typeof memberWithToken>>;

/** The seed's MANUAL receiving account (GSB), the one slips are for. */
export const MANUAL_ACCOUNT_NO = '0203456789';

/** A slip the sandbox bank issues, with the reference it booked the transfer under. */
export async function sandboxSlip(
  app: FastifyInstance,
  body: { amount: number; fromAccountNo: string; toAccountNo: string; transferredAt: string },
): Promise<{ image: Buffer; reference: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/sandbox/slip', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return { image: res.rawPayload, reference: String(res.headers['x-slip-reference']) };
}

/** A genuine slip of the member's own transfer into the manual account, `minutesAgo` ago. */
export function ownTransfer(member: Member, amount: number, minutesAgo = 5) {
  return {
    amount,
    fromAccountNo: String(member.body.bankAccountNo),
    toAccountNo: MANUAL_ACCOUNT_NO,
    transferredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

/** POST /api/wallet/slip as the web form sends it, with a fresh Idempotency-Key by default. */
export function uploadSlip(
  app: FastifyInstance,
  token: string,
  file: Buffer | null,
  options: {
    name?: string;
    type?: string;
    key?: string;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const form = new FormData();
  if (file) {
    const blob = new Blob([new Uint8Array(file)], { type: options.type ?? 'image/png' });
    form.append('document', blob, options.name ?? 'slip.png');
  }
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  return call(app, 'POST', '/api/wallet/slip', {
    token,
    body: form,
    headers: { 'idempotency-key': options.key ?? randomUUID(), ...options.headers },
  });
}

export type ListedSlip = {
  _id: string;
  status: string;
  note: string | null;
  reference: string;
  amount: number;
  link: string;
};

export async function listSlips(app: FastifyInstance, token: string, page = 1, limit = 10) {
  const res = await call(app, 'POST', '/api/statement/slip', { token, body: { page, limit } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { total: number; slips: ListedSlip[] };
}

/** Waits for the verification job to finish the slip (success or failed) and answers it. */
export async function settledSlip(
  app: FastifyInstance,
  token: string,
  slipId: string,
  timeoutMs = 20_000,
): Promise<ListedSlip> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { slips } = await listSlips(app, token, 1, 100);
    const slip = slips.find((s) => s._id === slipId);
    if (slip && slip.status !== 'processing') return slip;
    if (Date.now() > deadline) throw new Error(`slip ${slipId} still ${slip?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Uploads a slip, expects it taken, and waits for its verdict. */
export async function uploadAndSettle(
  app: FastifyInstance,
  token: string,
  image: Buffer,
): Promise<ListedSlip> {
  const res = await uploadSlip(app, token, image);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const slip = res.body.slip as ListedSlip;
  expect(slip.status).toBe('processing');
  return settledSlip(app, token, slip._id);
}
