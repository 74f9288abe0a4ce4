import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settings } from '../db/schema';
import { describeOnDatabases } from '../test/databases';
import { call, type Harness, startHarness } from '../test/harness';
import { memberWithToken } from '../test/members';
import { staffToken } from '../test/staff';
import { errorResponses, errorsPlugin } from './errors';

describeOnDatabases('error answers of the app', (target) => {
  let h: Harness;
  const logLines: string[] = [];
  let logged: Awaited<ReturnType<Harness['build']>>;
  beforeAll(async () => {
    h = await startHarness(target);
    logged = await h.build(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (payload: string, contentType?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });

  it('answers KEY_INVALID (400) to malformed JSON', async () => {
    const res = await post('{"username": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'KEY_INVALID', message: expect.any(String) });
  });

  it('answers KEY_INVALID (400) to a body that is not JSON', async () => {
    const res = await post('username=a&password=b', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'KEY_INVALID' });
  });

  it('answers KEY_INVALID (400) to an empty JSON body and to JSON that is not an object', async () => {
    expect((await post('', 'application/json')).json()).toMatchObject({ code: 'KEY_INVALID' });
    expect((await post('"text"', 'application/json')).json()).toMatchObject({
      code: 'KEY_INVALID',
    });
  });

  it('answers KEY_MISSING when there is no body at all', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'KEY_MISSING' });
  });

  it('answers KEY_INVALID (413) to a body over the size limit', async () => {
    const res = await post(JSON.stringify({ username: 'x'.repeat(2_000_000) }), 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'KEY_INVALID' });
  });

  it('answers 404 NO_DATA to an unknown /api path or method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/login'],
      ['DELETE', '/api/lookup/banks'],
      ['GET', '/api'],
    ] as const) {
      const res = await call(h.app, method, url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NO_DATA', message: expect.any(String) });
    }
  });

  it("answers a broken URL and an overlong path parameter with the envelope, not Fastify's body", async () => {
    const broken = await call(h.app, 'GET', '/api/qrcode/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ code: 'KEY_INVALID', message: expect.any(String) });
    const long = await call(h.app, 'GET', `/api/bonus/activate/${'x'.repeat(101)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ code: 'KEY_INVALID', message: expect.any(String) });
  });

  it("refuses a row id past PostgreSQL's integer with KEY_INVALID, not a fault", async () => {
    const token = await staffToken(h.app, 'admin');
    for (const [method, url, body] of [
      ['GET', '/api/backoffice/members/2147483648', undefined],
      ['GET', '/api/backoffice/adjustments?memberId=2147483648', undefined],
      ['POST', '/api/backoffice/staff/2147483648/reactivate', { reason: 'fuzzed' }],
      [
        'POST',
        '/api/backoffice/adjustments',
        { memberId: 2147483648, amount: 1, reason: 'fuzzed' },
      ],
    ] as const) {
      const res = await call(h.app, method, url, { token, ...(body ? { body } : {}) });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ code: 'KEY_INVALID' });
    }
    const largest = await call(h.app, 'GET', '/api/backoffice/members/2147483647', { token });
    expect(largest.status).toBe(404);
  });

  it('answers a real fault with 500 INTERNAL_SERVER_ERROR, no internals, and logs it with the request id', async () => {
    const [info] = await h.db.select().from(settings).where(eq(settings.key, 'info'));
    await h.db.delete(settings).where(eq(settings.key, 'info'));
    try {
      const res = await call(logged, 'GET', '/api/lookup/info', {
        headers: { 'x-request-id': 'fault-1' },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/setting|stack|at |Error/);
      const entry = logLines
        .map((l) => JSON.parse(l))
        .find((l) => l.level === 50 && l.reqId === 'fault-1');
      expect(entry?.err?.message).toContain('setting "info" is missing');
    } finally {
      if (info) await h.db.insert(settings).values(info);
    }
  });

  it('logs refusals with their code below error level and without a stack', async () => {
    const member = await memberWithToken(logged);
    const entries = () => logLines.map((l) => JSON.parse(l));
    const money = { from: 'WALLET', to: 'JOKER', amount: 5 };
    await call(logged, 'GET', '/api/wallet/activate/JOKER', { token: member.token });
    const poor = await call(logged, 'POST', '/api/wallet/transfer', {
      token: member.token,
      body: money,
      headers: { 'x-request-id': 'refusal-1' },
    });
    expect(poor.body).toMatchObject({ code: 'MONEY_NOT_ENOUGH' });

    // A provider that answers no: TRANSFER_FAIL (502), the funds back in the wallet.
    await call(logged, 'POST', '/api/wallet/add', { token: member.token, body: { amount: 50 } });
    await call(logged, 'POST', '/api/sandbox/faults', { body: { target: 'JOKER', mode: 'fail' } });
    try {
      const failed = await call(logged, 'POST', '/api/wallet/transfer', {
        token: member.token,
        body: money,
        headers: { 'x-request-id': 'refusal-2' },
      });
      expect(failed.body).toMatchObject({ code: 'TRANSFER_FAIL' });
    } finally {
      await call(logged, 'POST', '/api/sandbox/faults', { body: { target: 'JOKER', mode: 'ok' } });
    }

    const of = (reqId: string) => entries().filter((l) => l.reqId === reqId && l.code);
    expect(of('refusal-1')).toEqual([
      expect.objectContaining({ level: 30, code: 'MONEY_NOT_ENOUGH', statusCode: 400 }),
    ]);
    expect(of('refusal-2')).toEqual([
      expect.objectContaining({ level: 40, code: 'TRANSFER_FAIL', statusCode: 502 }),
    ]);
    for (const reqId of ['refusal-1', 'refusal-2']) {
      const lines = entries().filter((l) => l.reqId === reqId);
      expect(lines.some((l) => l.level >= 50 || l.err)).toBe(false);
    }
  });

  it('never writes the bearer token or a password into the logs', async () => {
    const member = await memberWithToken(logged);
    await call(logged, 'GET', '/api/account/profile', { token: member.token });
    const all = logLines.join('\n');
    expect(all).not.toContain(member.token);
    expect(all).not.toContain(member.password);
  });
});

describe('the error handler on its own', () => {
  const build = async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const routes: FastifyPluginAsyncZod = async (scope) => {
      scope.post(
        '/nested/:id',
        {
          schema: {
            params: z.object({ id: z.string().regex(/^\d+$/) }),
            querystring: z.object({ page: z.coerce.number().int() }),
            body: z.object({
              outer: z.object({
                inner: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }),
              }),
              phone: z
                .string()
                .regex(/^\d{10}$/, { error: 'PHONE_NUMBER_REQUIRE_10_DIGIT' })
                .optional(),
              nonsense: z
                .string()
                .refine(() => false, { error: 'NOT_A_CODE' })
                .optional(),
              server: z
                .string()
                .refine(() => false, { error: 'INTERNAL_SERVER_ERROR' })
                .optional(),
            }),
            response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses },
          },
        },
        async () => ({ ok: true as const }),
      );
      scope.get(
        '/wrong-shape',
        { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
        // A handler bug: the answer does not match its schema.
        async () => ({ ok: 'yes' }) as unknown as { ok: true },
      );
    };
    await app.register(routes);
    return app;
  };

  it('names the dotted path of a nested field', async () => {
    const app = await build();
    const missing = await app.inject({
      method: 'POST',
      url: '/nested/1?page=1',
      payload: { outer: {} },
    });
    expect(missing.json()).toMatchObject({ code: 'KEY_MISSING', field: 'outer.inner' });
    const invalid = await app.inject({
      method: 'POST',
      url: '/nested/1?page=1',
      payload: { outer: { inner: 3 } },
    });
    expect(invalid.json()).toMatchObject({ code: 'KEY_INVALID', field: 'outer.inner' });
  });

  it('uses a catalogue code from the message, and KEY_INVALID for any other message', async () => {
    const app = await build();
    const body = (extra: object) => ({ outer: { inner: 'x' }, ...extra });
    const phone = await app.inject({
      method: 'POST',
      url: '/nested/1?page=1',
      payload: body({ phone: '1' }),
    });
    expect(phone.json()).toMatchObject({ code: 'PHONE_NUMBER_REQUIRE_10_DIGIT', field: 'phone' });
    const other = await app.inject({
      method: 'POST',
      url: '/nested/1?page=1',
      payload: body({ nonsense: 'x' }),
    });
    expect(other.json()).toMatchObject({ code: 'KEY_INVALID', field: 'nonsense' });
    // A 5xx code in a message is no client's fault: still KEY_INVALID.
    const server = await app.inject({
      method: 'POST',
      url: '/nested/1?page=1',
      payload: body({ server: 'x' }),
    });
    expect(server.statusCode).toBe(400);
    expect(server.json()).toMatchObject({ code: 'KEY_INVALID', field: 'server' });
  });

  it('checks params and the query string the same way', async () => {
    const app = await build();
    const payload = { outer: { inner: 'x' } };
    const badParam = await app.inject({ method: 'POST', url: '/nested/abc?page=1', payload });
    expect(badParam.json()).toMatchObject({ code: 'KEY_INVALID', field: 'id' });
    const noQuery = await app.inject({ method: 'POST', url: '/nested/1', payload });
    expect(noQuery.json()).toMatchObject({ code: 'KEY_MISSING', field: 'page' });
  });

  it('treats an answer that breaks its response schema as a real fault (500)', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/wrong-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: expect.any(String) });
  });
});
