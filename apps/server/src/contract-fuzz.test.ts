import { ErrorEnvelopeSchema } from '@wallet/contract/errors';
import { asc, ne } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { ledgerAccounts, sandboxFaults, sandboxGameAccounts, settings } from './db/schema';
import { describeOnDatabases } from './test/databases';
import {
  FORGED_AUTHORIZATION,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestFor,
  schemesOf,
} from './test/fuzz-requests';
import { call } from './test/harness';
import { memberWithToken } from './test/members';
import { useHarness } from './test/use-harness';

/**
 * The API contract under random and malformed requests (issue 34). Every operation of the app's
 * own OpenAPI document (so a new route is fuzzed without touching this file) gets requests made
 * from its schemas, from no one, a member, staff and forged tokens; every answer must be a 2xx
 * or a 4xx with the catalogue's envelope, a refused one must move no money, and each route must
 * refuse the callers its documented security excludes. FUZZ_RUNS sets the runs per route (more
 * for a long search on a developer's machine); a failure prints its seed to replay it with.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);

/** Refusals that come before a route's own checks (the allow-list, the switch, rate limits). */
const GATE_CODES = new Set(['INVALID_IP', 'TERMINATED', 'REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN']);

/** A request answers within this, or it is reported as hanging. */
const ANSWER_WITHIN_MS = 15_000;

const Envelope = ErrorEnvelopeSchema.strict();

type Credentials = { member: string; staff: string; staffCookie: string };

describeOnDatabases('the API contract under fuzzing', (target) => {
  const h = useHarness(target);

  it('answers every route with a 2xx or an enveloped 4xx, moves no money when it refuses, and keeps out the wrong callers', async () => {
    const { app, db } = h;
    const document = app.openApiDocument?.() as OpenApiDocument;
    const components = document.components?.schemas ?? {};
    const operations = operationsOf(document);
    expectEveryRouteDocumented(app.routeTable, operations);

    const savedSettings = await db.select().from(settings);
    const savedFaults = await db.select().from(sandboxFaults);
    let admins = 0;
    const freshAdmin = async () => {
      admins += 1;
      return signInNewAdmin(app, `fuzz.admin${admins}`);
    };
    const credentials: Credentials = {
      member: (await memberWithToken(app)).token,
      ...(await freshAdmin()),
    };

    // Money as the ledger and the sandbox's game providers hold it (rows of 0 left out: an
    // account opened empty moves nothing).
    const balances = async () =>
      JSON.stringify([
        await db
          .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(ne(ledgerAccounts.balance, 0))
          .orderBy(asc(ledgerAccounts.id)),
        await db
          .select()
          .from(sandboxGameAccounts)
          .where(ne(sandboxGameAccounts.balance, 0))
          .orderBy(asc(sandboxGameAccounts.providerCode), asc(sandboxGameAccounts.username)),
      ]);

    const send = async (request: FuzzRequest): Promise<LightMyRequestResponse> => {
      const headers = { ...request.headers, ...credentialHeaders(request, credentials) };
      // The cookie alone: with the app's header, even empty, it would be a staff caller.
      if (request.caller === 'cookie-without-header') delete headers['x-wallet-user'];
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error('no answer: the request hangs')),
          ANSWER_WITHIN_MS,
        );
      });
      try {
        return await Promise.race([
          app.inject({
            method: request.method,
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
          hang,
        ]);
      } finally {
        clearTimeout(timer);
      }
    };

    // What a fuzzed call may have changed for the callers: settings and the sandbox's faults are
    // put back, and a caller whose session a call ended (sign-out, deactivation, an allow-list
    // that shut 127.0.0.1 out until its cache expires) is replaced.
    const recover = async () => {
      await db.transaction(async (tx) => {
        await tx.delete(settings);
        if (savedSettings.length > 0) await tx.insert(settings).values(savedSettings);
        await tx.delete(sandboxFaults);
        if (savedFaults.length > 0) await tx.insert(sandboxFaults).values(savedFaults);
      });
      for (let attempt = 0; attempt < 4; attempt++) {
        const member = await call(app, 'GET', '/api/wallet', { token: credentials.member });
        const staff = await call(app, 'GET', '/api/backoffice/me', { token: credentials.staff });
        if (member.status === 200 && staff.status === 200) return;
        // The settings are cached for a second: an allow-list or the switch clears by itself.
        if (attempt === 0) {
          await new Promise((resolve) => setTimeout(resolve, 1100));
          continue;
        }
        if (member.status !== 200) credentials.member = (await memberWithToken(app)).token;
        if (staff.status !== 200) Object.assign(credentials, await freshAdmin());
      }
      throw new Error('the callers could not be restored after a fuzzed call');
    };

    const failures: string[] = [];
    // Each call's money is read once, after it: the one before is the previous call's.
    let last = await balances();
    for (const operation of operations) {
      const details = await fc.check(
        fc.asyncProperty(requestFor(operation, components), async (request) => {
          const before = last;
          const answer = await send(request);
          last = await balances();
          expectContractKept(operation, request, answer);
          if (answer.statusCode >= 400) {
            expect(last, `${describe(request)} was refused but moved money`).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
      if (details.failed) failures.push(failureReport(operation, details));
      // A GET changes neither settings nor sessions.
      if (operation.method !== 'GET') {
        await recover();
        last = await balances();
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});

/** The failure as a few lines: the request shrunk, what broke, and how to replay it. */
function failureReport(operation: Operation, details: fc.RunDetails<[FuzzRequest]>): string {
  const [request] = details.counterexample ?? [];
  const error =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  const payload =
    request?.payload === undefined ? '' : ` body ${String(request.payload).slice(0, 200)}`;
  return [
    `${operation.method} ${operation.path}`,
    `  request: ${request ? describe(request) : '?'} headers ${JSON.stringify(request?.headers)}${payload}`,
    `  ${error.split('\n')[0]?.slice(0, 600)}`,
    `  replay: fc.check(…, { seed: ${details.seed}, path: "${details.counterexamplePath}" })`,
  ].join('\n');
}

function describe(request: FuzzRequest): string {
  return `${request.method} ${request.url.slice(0, 200)} as ${request.caller}`;
}

function credentialHeaders(request: FuzzRequest, credentials: Credentials): Record<string, string> {
  switch (request.caller) {
    case 'none':
      return {};
    case 'member':
      return { authorization: `Bearer ${credentials.member}` };
    case 'staff':
      return { authorization: `Bearer ${credentials.staff}` };
    case 'staff-cookie':
      return { cookie: credentials.staffCookie, 'x-wallet-user': '1' };
    case 'cookie-without-header':
      return { cookie: credentials.staffCookie };
    case 'forged':
      return {
        authorization: FORGED_AUTHORIZATION[request.forgery % FORGED_AUTHORIZATION.length] ?? '',
      };
  }
}

/**
 * One answer against the contract: never a 5xx or a redirect; a refusal is the envelope with a
 * catalogue code; and the route's documented security holds for the caller it got.
 */
function expectContractKept(
  operation: Operation,
  request: FuzzRequest,
  answer: LightMyRequestResponse,
): void {
  const where = `${describe(request)} answered ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect(answer.statusCode, where).toBeLessThan(500);
  expect(answer.statusCode < 300 || answer.statusCode >= 400, where).toBe(true);
  if (answer.statusCode < 400) {
    expect(secured(operation, request.caller), `${where}: the route let this caller in`).toBe(
      false,
    );
    return;
  }
  expect(String(answer.headers['content-type']), where).toContain('application/json');
  const envelope = Envelope.safeParse(answer.json());
  expect(envelope.success, `${where}: not the error envelope`).toBe(true);
  const code = envelope.data?.code ?? '';
  if (GATE_CODES.has(code) || !routable(request.url)) return;
  if (secured(operation, request.caller) && checksBeforeBody(operation)) {
    expect(answer.statusCode, `${where}: the wrong caller must be refused 401`).toBe(401);
  }
  if (schemesOf(operation.security).size === 0) {
    expect(code, `${where}: a route documented as open asked for a sign-in`).not.toBe(
      'UNAUTHORIZED',
    );
  }
}

/**
 * Whether the router can match the path as sent: a broken percent-encoding or a parameter past
 * Fastify's 100 characters is refused before any route (and its security) is reached.
 */
function routable(url: string): boolean {
  return (url.split('?')[0] ?? '').split('/').every((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    // `.` and `..` are resolved away before routing: the path becomes another one.
    return segment.length <= 100 && decoded !== '.' && decoded !== '..';
  });
}

/** Whether the documented security shuts this caller out. */
function secured(operation: Operation, caller: FuzzRequest['caller']): boolean {
  const requirements = operation.security ?? [];
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) {
    return false;
  }
  const schemes = schemesOf(operation.security);
  if (schemes.has('staff')) return caller !== 'staff' && caller !== 'staff-cookie';
  if (schemes.has('member')) return caller !== 'member';
  // A provider's callback: the fuzz never signs one.
  return true;
}

/** Members and staff are checked before the body is read; a provider's signature after it. */
const checksBeforeBody = (operation: Operation) => {
  const schemes = schemesOf(operation.security);
  return schemes.has('member') || schemes.has('staff');
};

/**
 * The document covers every API route the app serves but its own pages, so enumerating it
 * enumerates the routes.
 */
function expectEveryRouteDocumented(
  routes: readonly { method: string; url: string }[],
  operations: Operation[],
): void {
  const documented = new Set(
    operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  const missing = routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .filter((r) => r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url.replace(/\/$/, '') || '/'}`)
    .filter((route) => !documented.has(route) && !documented.has(`${route}/`));
  expect(missing, 'routes the OpenAPI document leaves out').toEqual([]);
  expect(operations.length).toBeGreaterThan(100);
}

/** A new admin signed in through both steps, enrolling its authenticator on the way. */
async function signInNewAdmin(
  app: Parameters<typeof call>[0],
  username: string,
): Promise<{ staff: string; staffCookie: string }> {
  const password = 'fuzzing needs a long password';
  await app.staffAccounts.create(
    { username, name: 'Fuzz Admin', role: 'admin' },
    { actor: null, ip: '127.0.0.1' },
    password,
  );
  const first = await call(app, 'POST', '/api/backoffice/login', { body: { username, password } });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const secret = String((first.body.enrol as { secret: string }).secret);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const second = await call(app, 'POST', '/api/backoffice/login/totp', {
    body: { challenge: first.body.challenge, code },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const cookie = [second.headers['set-cookie']]
    .flat()
    .find((c) => String(c).startsWith('wallet_staff='));
  return { staff: String(second.body.token), staffCookie: String(cookie).split(';')[0] ?? '' };
}
