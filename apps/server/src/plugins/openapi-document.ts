import { STAFF_UPLOAD_CONVERSATION_FIELD } from '@wallet/contract/backoffice';
import { CHAT_UPLOAD_FIELD, CHAT_UPLOAD_GUEST_FIELD } from '@wallet/contract/chat';
import { IDEMPOTENCY_HEADER, WALLET_USER_HEADER } from '@wallet/contract/constants';
import { slipUploadFields } from '@wallet/contract/deposit';
import { ErrorEnvelopeSchema } from '@wallet/contract/errors';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { CallbackBodySchema, SIGNATURE_HEADER } from '../providers/payments/qr-payment-provider';
import { STAFF_COOKIE } from './staff-auth';

/** Where the reference is served: Swagger UI here, the document at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The schemas the document names once, under components, and refers to: the error envelope of
 * the API contract's HTTP conventions, which every route's 4xx and 5xx answers carry.
 */
export const sharedSchemas = z.registry<{ id: string; description?: string }>();
sharedSchemas.add(ErrorEnvelopeSchema, {
  id: 'ErrorEnvelope',
  description:
    'Every refusal (CONTRACT.md, HTTP conventions): `code` from the error catalogue (packages/contract/src/errors.ts, which also fixes its HTTP status), an English `message`, and `field` for a field problem.',
});

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** Only the API: the SPA's pages and files, the sandbox's game page and this reference stay out. */
export function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH);
}

const securitySchemes = {
  member: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A member: the token `POST /api/login` answers, as `Authorization: Bearer <token>`. Missing: 401 UNAUTHORIZED; unknown, revoked or expired: 401 INVALID_USER_* or EXPIRED_AUTH_TOKEN; a deactivated member: 403 INACTIVE_USER.',
  },
  staff: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff member: the token `POST /api/backoffice/login/totp` answers, as `Authorization: Bearer <token>`. A member token here is 401; a role that may not make the call is 403 FORBIDDEN (docs/backoffice.md has the role table).',
  },
  staffCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_COOKIE,
    description: `The browser back office's session cookie (httpOnly, SameSite=Strict); taken only with the \`${WALLET_USER_HEADER}\` header, which another site's page cannot make a browser send.`,
  },
  walletUser: {
    type: 'apiKey',
    in: 'header',
    name: WALLET_USER_HEADER,
    description: 'Sent by the web app on every call (`1`); required beside the staff cookie.',
  },
  qrCallbackSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      "A payment provider's paid callback: `sha256=<hex HMAC-SHA256 of the raw request body>`, keyed with the provider's callback secret (back office: Settings, QR secrets; rotated with a grace period for the previous one). Checked in constant time before the body is read; an unknown provider and a bad signature answer the same 401 UNAUTHORIZED, and every signed callback answers 200.",
  },
} as const;

/** A tag per domain: the member API by its domain, the staff API as `backoffice: <area>`. */
const MEMBER_TAGS: Record<string, string> = {
  login: 'auth',
  logout: 'auth',
  autoLogin: 'games',
  promotion: 'bonus',
  qrcode: 'qr',
  spinwheel: 'spin',
};
const STAFF_TAGS: Record<string, string> = {
  login: 'sign-in',
  logout: 'sign-in',
  totp: 'sign-in',
  me: 'sign-in',
  sessions: 'sign-in',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  callbacks: 'Calls the outside world makes: payment providers report paid QRs here, signed.',
  sandbox:
    'Only with SANDBOX=1 (never with real members or money): the stand-ins for SMS, providers, the bank and TrueMoney (CONTRACT.md, Sandbox). Not in the committed docs/openapi.json.',
  health: 'For load balancers and monitoring.',
};

export function tagOf(url: string): string {
  const [area = '', sub = ''] = url.replace(/^\/api\//, '').split('/');
  if (area === 'backoffice') return `backoffice: ${STAFF_TAGS[sub] ?? sub}`;
  return MEMBER_TAGS[area] ?? area;
}

/**
 * The route plugins that authenticate every route with a plugin-level hook
 * (`app.addHook('onRequest', app.authenticate)`): onRoute shows a route its own hooks only, so
 * these are named here. The contract fuzz test checks each route's documented security against
 * what the route answers to a caller with no token.
 */
const MEMBER_ROUTE_PREFIXES = [
  '/api/wallet/',
  '/api/qrcode/',
  '/api/bonus',
  '/api/promotion/',
  '/api/spinwheel/',
  '/api/autoLogin/',
  '/api/invite',
  '/api/refund',
];

type Security = Record<string, string[]>[];

export type Authenticators = {
  authenticate: unknown;
  authenticateIfPresent: unknown;
  /** The route was declared where multipart bodies are parsed. */
  multipart: boolean;
};

function securityOf(route: RouteOptions, auth: Authenticators): Security | undefined {
  if (route.url.startsWith('/api/callbacks/')) return [{ qrCallbackSignature: [] }];
  if (route.config?.staff) return [{ staff: [] }, { staffCookie: [], walletUser: [] }];
  const hooks = [route.onRequest ?? []].flat();
  if (hooks.includes(auth.authenticateIfPresent as never)) return [{}, { member: [] }];
  const memberPrefix = MEMBER_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix));
  if (hooks.includes(auth.authenticate as never) || memberPrefix) return [{ member: [] }];
  return undefined;
}

const file = { type: 'string', contentMediaType: 'application/octet-stream' };
const form = (properties: Record<string, object>, required: string[]) => ({
  type: 'object',
  properties,
  required,
});

/** The multipart forms (their fields are read by lib/multipart-form.ts, not by a zod schema). */
const MULTIPART_FORMS: Record<string, object> = {
  '/api/wallet/slip': form(
    {
      [slipUploadFields.file]: { ...file, description: 'The slip: PNG or JPEG.' },
      [slipUploadFields.amount]: {
        type: 'string',
        description: 'Baht or kip, at most 2 decimals.',
      },
      [slipUploadFields.transferredAt]: { type: 'string', format: 'date-time' },
    },
    [slipUploadFields.file, slipUploadFields.amount, slipUploadFields.transferredAt],
  ),
  '/api/chat/upload-image': form(
    {
      [CHAT_UPLOAD_GUEST_FIELD]: { type: 'string', description: 'A guest only, before the file.' },
      [CHAT_UPLOAD_FIELD]: file,
    },
    [CHAT_UPLOAD_FIELD],
  ),
  '/api/backoffice/chat/upload-image': form(
    {
      [STAFF_UPLOAD_CONVERSATION_FIELD]: { type: 'integer', minimum: 1 },
      [CHAT_UPLOAD_FIELD]: file,
    },
    [STAFF_UPLOAD_CONVERSATION_FIELD, CHAT_UPLOAD_FIELD],
  ),
};
MULTIPART_FORMS['/api/chat/upload-video'] = MULTIPART_FORMS['/api/chat/upload-image'] ?? {};
MULTIPART_FORMS['/api/backoffice/chat/upload-video'] =
  MULTIPART_FORMS['/api/backoffice/chat/upload-image'] ?? {};

const callbackBody = {
  ...z.toJSONSchema(CallbackBodySchema, { target: 'draft-2020-12' }),
  description: `The sandbox providers' paid callback. A real provider's adapter reads the provider's own format; what every one shares is that the signature in ${SIGNATURE_HEADER} covers the raw bytes.`,
};
delete (callbackBody as { $schema?: string }).$schema;

/**
 * What the document says of a route beyond its zod schemas: its tag, who may call it, the
 * bodies no zod schema describes (multipart forms, the providers' signed callbacks), and the
 * error envelope on every route, since any call can meet a rate limit or the service switch.
 */
export function describeRoute(route: RouteOptions, auth: Authenticators): Record<string, unknown> {
  const security = securityOf(route, auth);
  const extra: Record<string, unknown> = { tags: [tagOf(route.url)] };
  if (security) extra.security = security;
  const method = [route.method].flat()[0];
  if (route.url.startsWith('/api/callbacks/qr/')) {
    extra.consumes = ['application/json'];
    extra.body = callbackBody;
  } else if (auth.multipart && method === 'POST' && !route.schema?.body) {
    extra.consumes = ['multipart/form-data'];
    extra.body = MULTIPART_FORMS[route.url] ?? { type: 'object' };
  }
  return extra;
}

const REFUSED = {
  description: 'Refused: the error envelope, its code from the catalogue.',
  ...ERROR_REF,
};
const FAULT = {
  description:
    "A provider's refusal or outage (the funds back), or 500 INTERNAL_SERVER_ERROR for a real fault.",
  ...ERROR_REF,
};

/**
 * A route's answers as the document shows them: its own, each success described, and the error
 * envelope on every route, since any call can meet a rate limit or the service switch.
 */
export function describeResponses(response: unknown): Record<string, unknown> {
  const own = Object.entries(response ?? {}).map(([status, schema]) =>
    status.startsWith('2') && !(schema as { description?: string }).description
      ? [status, { 'x-response-description': 'Success', ...schema }]
      : [status, schema],
  );
  return { '4xx': REFUSED, '5xx': FAULT, ...Object.fromEntries(own) };
}

/** Drops the components no operation refers to (zod's input twin of an output-only schema). */
export function dropUnusedSchemas(document: object): void {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: {} } });
  for (const id of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${id}"`)) delete schemas[id];
  }
}

/**
 * The path as the API contract writes it: a prefix's root route is documented as `/api/wallet`,
 * not the `/api/wallet/` Fastify leaves in the route's options after adding both.
 */
export function documentedUrl(route: RouteOptions): string {
  const { url, prefix } = route as RouteOptions & { prefix?: string };
  return prefix && url === `${prefix}/` ? prefix : url;
}

export function documentBase(version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wallet API',
      version,
      description: [
        "The member API, the staff API (`/api/backoffice/*`) and the payment providers' callbacks, made from the routes' own zod schemas (docs/api.md).",
        'Money is a JSON number of baht (or kip) with at most 2 decimals. Every refusal is a non-2xx answer carrying the `ErrorEnvelope`.',
        `Calls that move money take an \`${IDEMPOTENCY_HEADER}\` header: a repeat with the same key and body answers the first answer.`,
      ].join('\n\n'),
    },
    components: { securitySchemes },
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
  };
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const byKey = <T>(entries: [string, T][]) =>
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The document with its maps in a stable order (paths, each path's methods, components, tags),
 * whatever order the routes were registered in, so the committed copy changes only when the
 * API does.
 */
export function sortedDocument(document: object): Record<string, unknown> {
  const { paths, components, tags, ...rest } = document as {
    paths?: Record<string, Record<string, unknown>>;
    components?: Record<string, Record<string, unknown>>;
    tags?: { name: string }[];
  };
  const sortedPaths = Object.fromEntries(
    byKey(Object.entries(paths ?? {})).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
      ),
    ]),
  );
  const sortedComponents = Object.fromEntries(
    byKey(Object.entries(components ?? {})).map(([kind, map]) => [
      kind,
      Object.fromEntries(byKey(Object.entries(map))),
    ]),
  );
  const usedTags = new Set(
    Object.values(sortedPaths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  );
  const described = new Map((tags ?? []).map((tag) => [tag.name, tag]));
  const sortedTags = [...usedTags].sort().map((name) => described.get(name) ?? { name });
  return { ...rest, tags: sortedTags, paths: sortedPaths, components: sortedComponents };
}
