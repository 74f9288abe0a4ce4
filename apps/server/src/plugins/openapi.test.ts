import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';
import { call } from '../test/harness';
import { useHarness } from '../test/use-harness';
import { REFERENCE_COMMAND, REFERENCE_PATH, referenceDocumentText } from './openapi-reference';

type Operation = { tags?: string[]; security?: Record<string, string[]>[] };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

describe('the committed API reference', () => {
  it('leaves out the sandbox and the SPA', async () => {
    const document = JSON.parse(await readFile(REFERENCE_PATH, 'utf8')) as Document;
    const paths = Object.keys(document.paths);
    expect(paths.filter((p) => p.includes('sandbox') || !p.startsWith('/api/'))).toEqual([]);
    expect(paths).not.toContain('/api/wallet/add');
    expect(paths).not.toContain('/api/docs');
  });
});

describeOnDatabases('the API reference served by the app', (target) => {
  const h = useHarness(target);

  it('is what docs/openapi.json holds', async () => {
    const committed = await readFile(REFERENCE_PATH, 'utf8').catch(() => '');
    const current = await referenceDocumentText(h.app.database);
    expect(
      committed === current,
      `docs/openapi.json is out of date with the routes: run \`${REFERENCE_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it("serves Swagger UI at /api/docs under the app's own CSP, and the document at /api/docs/json", async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    const script = await h.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);

    const json = await call(h.app, 'GET', '/api/docs/json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe('3.1.0');
  });

  it('documents who may call each route, its domain, and the error envelope', async () => {
    const document = (await call(h.app, 'GET', '/api/docs/json')).body as unknown as Document;
    const { paths } = document;
    expect(paths['/api/wallet/transfer']?.post?.security).toEqual([{ member: [] }]);
    expect(paths['/api/account/profile']?.get?.security).toEqual([{ member: [] }]);
    expect(paths['/api/chat/send-message']?.post?.security).toEqual([{}, { member: [] }]);
    expect(paths['/api/login']?.post?.security).toBeUndefined();
    expect(paths['/api/backoffice/members']?.get?.security).toEqual([
      { staff: [] },
      { staffCookie: [], walletUser: [] },
    ]);
    expect(paths['/api/backoffice/login']?.post?.security).toBeUndefined();
    expect(paths['/api/callbacks/qr/{provider}']?.post?.security).toEqual([
      { qrCallbackSignature: [] },
    ]);
    expect(paths['/api/wallet/transfer']?.post?.tags).toEqual(['wallet']);
    expect(paths['/api/backoffice/withdrawals']?.get?.tags).toEqual(['backoffice: withdrawals']);
    // With the sandbox on, its routes are documented too.
    expect(paths['/api/sandbox/bank-transfer']?.post?.tags).toEqual(['sandbox']);
    expect(Object.keys(document.components.schemas)).toContain('ErrorEnvelope');
    expect(JSON.stringify(paths['/api/lookup/banks']?.get)).toContain(
      '#/components/schemas/ErrorEnvelope',
    );
  });

  it('is not served without the sandbox unless API_DOCS=1', async () => {
    const closed = await h.build({ SANDBOX: '0' });
    const refused = await call(closed, 'GET', '/api/docs/json');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NO_DATA' });
    const open = await h.build({ SANDBOX: '0', API_DOCS: '1' });
    const served = await call(open, 'GET', '/api/docs/json');
    expect(served.status).toBe(200);
    expect(Object.keys(served.body.paths as object)).not.toContain('/api/sandbox/bank-transfer');
  });
});
