import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngPicture, textMessage, upload } from '../test/chat';
import { describeOnDatabases } from '../test/databases';
import { call, type Harness, startHarness } from '../test/harness';
import { memberWithToken } from '../test/members';
import { staffToken } from '../test/staff';

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

/** Every API route the app serves (HEAD answers as GET does). */
function apiRoutes(app: FastifyInstance): Route[] {
  const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
  return app.routeTable.flatMap(({ method, url }) => {
    const known = methods.find((m) => m === method);
    return known && url.startsWith('/api/') ? [{ method: known, path: url }] : [];
  });
}

/** The route's path with each parameter filled in: the one named `bad` with a NUL in it. */
function fill(path: string, bad: string | null): string {
  return path.replace(/:(\w+)/g, (_all, name: string) => (name === bad ? 'a%00b' : 'x1'));
}

const parametersOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

const expectRefused = (res: { status: number; body: Record<string, unknown> }, what: string) => {
  expect(res.status, what).toBe(400);
  expect(res.body.code, what).toBe('KEY_INVALID');
};

describeOnDatabases('text input (issue 30: bad input is refused, never a fault)', (target) => {
  let h: Harness;
  let memberToken: string;
  let staff: string;
  let routes: Route[];

  beforeAll(async () => {
    h = await startHarness(target);
    memberToken = (await memberWithToken(h.app)).token;
    // The admin may call every back-office route, so each is walked past its role check.
    staff = await staffToken(h.app, 'admin');
    routes = apiRoutes(h.app);
  });
  afterAll(() => h.close());

  const tokenFor = (path: string) => (path.startsWith('/api/backoffice') ? staff : memberToken);

  it('finds the API routes to walk', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/qrcode/:qrcodeId' });
  });

  it('refuses a NUL in every path parameter of every route with KEY_INVALID', async () => {
    for (const route of routes) {
      for (const name of parametersOf(route.path)) {
        const url = fill(route.path, name);
        const res = await call(h.app, route.method, url, {
          token: tokenFor(route.path),
          ...(route.method === 'POST' || route.method === 'PUT' ? { body: {} } : {}),
        });
        expectRefused(res, `${route.method} ${url}`);
        expect(res.body.field, `${route.method} ${url}`).toBe(name);
      }
    }
  });

  it('refuses a control character in the query of every route with KEY_INVALID', async () => {
    for (const route of routes) {
      const url = `${fill(route.path, null)}?probe=a%07b`;
      const res = await call(h.app, route.method, url, {
        token: tokenFor(route.path),
        ...(route.method === 'POST' || route.method === 'PUT' ? { body: {} } : {}),
      });
      expectRefused(res, `${route.method} ${url}`);
    }
  });

  it('refuses a NUL anywhere in the JSON body of every route that takes one', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const url = fill(route.path, null);
      const res = await call(h.app, route.method, url, {
        token: tokenFor(route.path),
        body: { probe: { deep: ['fine', 'a\u0000b'] } },
      });
      if (res.status === 415) continue; // a multipart-only route: see the upload test
      // A provider's callback is refused before its body is read unless the provider signed it.
      if (route.path.startsWith('/api/callbacks/')) {
        expect(res.status, `${route.method} ${url}`).toBe(401);
        continue;
      }
      expectRefused(res, `${route.method} ${url}`);
      expect(res.body.field, `${route.method} ${url}`).toBe('probe.deep.1');
    }
  });

  it('answers the paths a review found with KEY_INVALID, not a 500', async () => {
    const qr = await call(h.app, 'DELETE', '/api/qrcode/%00', { token: memberToken });
    expectRefused(qr, 'DELETE /api/qrcode/%00');
    const slip = await call(h.app, 'GET', '/api/statement/slip/reference/%00', {
      token: memberToken,
    });
    expectRefused(slip, 'GET /api/statement/slip/reference/%00');
  });

  it('refuses a control character in a field of the login and the chat message', async () => {
    const login = await call(h.app, 'POST', '/api/login', {
      body: { username: '0812345678\u0000', password: 'x' },
    });
    expectRefused(login, 'login');
    expect(login.body.field).toBe('username');
    const chat = await call(h.app, 'POST', '/api/chat/send-message', {
      token: memberToken,
      body: { message: { message_type: 'text', payload: { message: 'hi\u001bthere' } } },
    });
    expectRefused(chat, 'chat');
    expect(chat.body.field).toBe('message.payload.message');
  });

  it('keeps line breaks and tabs in a chat message', async () => {
    const profile = await call(h.app, 'GET', '/api/account/profile', { token: memberToken });
    const userId = String((profile.body.profile as { _id: unknown })._id);
    const res = await call(h.app, 'POST', '/api/chat/send-message', {
      token: memberToken,
      body: { userId, message: textMessage('one\n\ttwo\r\n') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("refuses a control character in a multipart form's fields and file name", async () => {
    const guestField = await upload(h.app, 'image', pngPicture(), {
      guestId: `4f9d2a8e-1c3b-4d5e-8f70-${'a'.repeat(11)}\u0000`,
    });
    expectRefused(guestField, 'guest id field');
    expect(guestField.body.field).toBe('guestId');
    const fileName = await upload(
      h.app,
      'image',
      pngPicture(),
      { token: memberToken },
      { name: 'pic\u0001ture.png' },
    );
    expectRefused(fileName, 'file name');
  });
});

describe('the route walk itself', () => {
  it('fills each parameter and marks only the one asked for', () => {
    expect(fill('/api/autoLogin/:provider/:username/:password', 'username')).toBe(
      '/api/autoLogin/x1/a%00b/x1',
    );
    expect(parametersOf('/api/a/:x/b/:y')).toEqual(['x', 'y']);
  });
});
