import fc from 'fast-check';
import { corrupted, type JsonSchema, oddValue, validish } from './fuzz-values';

/**
 * Requests for the contract fuzz test (contract-fuzz.test.ts), one operation of the OpenAPI
 * document at a time: its path parameters, query, headers and body from its schemas, each
 * sometimes valid, sometimes wrong, and a caller (no one, a member, staff, a forged token).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
export type Security = Record<string, string[]>[];

export type Operation = {
  method: Method;
  /** As the document writes it: `/api/qrcode/{qrcodeId}`. */
  path: string;
  parameters: Parameter[];
  body: { mediaType: string; schema: JsonSchema } | null;
  security: Security | undefined;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** Every operation of the document (HEAD answers as its GET does). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method.toLowerCase()];
      if (!operation) return [];
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> }
      )?.content;
      const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
      return [
        {
          method,
          path,
          parameters: (operation.parameters as Parameter[] | undefined) ?? [],
          body: mediaType && media ? { mediaType, schema: media.schema } : null,
          security: operation.security as Security | undefined,
        },
      ];
    }),
  );
}

/** Who sends a request: the test holds the credentials and fills them in when it sends. */
export type Caller =
  | 'none'
  | 'member'
  | 'staff'
  | 'staff-cookie'
  | 'cookie-without-header'
  | 'forged';

export const schemesOf = (security: Security | undefined) =>
  new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)));

/** Mostly the caller the route is for, sometimes the wrong one or no one. */
function callerFor(security: Security | undefined): fc.Arbitrary<Caller> {
  const schemes = schemesOf(security);
  const pick = (weights: [Caller, number][]) =>
    fc.oneof(...weights.map(([caller, weight]) => ({ weight, arbitrary: fc.constant(caller) })));
  if (schemes.has('staff')) {
    return pick([
      ['staff', 8],
      ['staff-cookie', 1],
      ['cookie-without-header', 1],
      ['none', 1],
      ['member', 1],
      ['forged', 1],
    ]);
  }
  if (schemes.has('member')) {
    return pick([
      ['member', 8],
      ['none', 2],
      ['staff', 1],
      ['forged', 1],
    ]);
  }
  return pick([
    ['none', 6],
    ['member', 1],
    ['forged', 1],
  ]);
}

export type FuzzRequest = {
  caller: Caller;
  /** Which of FORGED_AUTHORIZATION a forged caller sends. */
  forgery: number;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Header values a client can send at all: printable ASCII. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

const BROKEN_PERCENT = ['%', '%E0%A4%A', '%C0%80', '%FF', '%2', '..%2F..', '%u0041'];

/** Any value as the text a client would put in a URL, a header or a form field. */
const asText = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A path segment; a lone surrogate, which has no UTF-8, goes as the bytes a careless client sends. */
function segment(value: unknown): string {
  const text = asText(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

function pathValue(schema: JsonSchema | undefined, components: Components): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: validish(schema ?? {}, components).map(segment),
    },
    { weight: 2, arbitrary: oddValue.map(segment) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_PERCENT) },
  );
}

type Components = Record<string, JsonSchema>;

function queryString(parameters: Parameter[], components: Components): fc.Arbitrary<string> {
  const query = parameters.filter((p) => p.in === 'query');
  const asObject: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
  const valid = validish(asObject, components);
  const encode = (value: unknown) => {
    if (value === null || typeof value !== 'object') return '';
    const search = new URLSearchParams();
    for (const [key, v] of Object.entries(value)) {
      for (const each of [v].flat()) search.append(key, asText(each));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  return fc.oneof(
    { weight: 5, arbitrary: valid.map(encode) },
    { weight: 3, arbitrary: corrupted(valid).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?%',
        '?a=%ZZ',
        '?=&=&&',
        '?a[b][c]=1',
        '?__proto__[x]=1',
        '?limit=1&limit=2',
        `?q=${'z'.repeat(5000)}`,
      ),
    },
  );
}

/** Headers every request may carry, sent odd: the ones the server reads before any route. */
const ODD_HEADERS: Record<string, fc.Arbitrary<string>> = {
  'accept-language': fc.constantFrom('th', 'la', 'en', 'lo-LA,lo;q=0.9', '*', 'xx-YY', ';;q=abc'),
  'x-request-id': headerText,
  'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'unknown', '999.1.1.1', ''),
  cookie: headerText.map((text) => `wallet_staff=${text}`),
  'x-wallet-user': headerText,
};

function headerValues(parameters: Parameter[], components: Components) {
  const asciiOnly = (v: unknown) => asText(v).replace(/[^\x20-\x7e]/g, '?');
  const declared = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'header')
      .map((p) => [
        p.name,
        fc.oneof(
          { weight: 4, arbitrary: validish(p.schema ?? {}, components).map(asciiOnly) },
          { weight: 1, arbitrary: headerText },
        ),
      ]),
  );
  // Each header sometimes, none required: a missing header is a case too.
  return fc
    .record({ ...ODD_HEADERS, ...declared }, { requiredKeys: [] })
    .map((headers) => headers as Record<string, string>);
}

type Body = { payload?: string | Buffer; contentType?: string };

const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":1,"a":2}',
  '\uFEFF{}',
];

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=nope',
  'image/png',
  '',
];

const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...RAW_BODIES).map((payload) => ({ payload, contentType: 'application/json' })),
  fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/json' })),
  fc
    .tuple(fc.constantFrom(...WRONG_TYPES), fc.string({ maxLength: 200 }))
    .map(([contentType, payload]) => ({ payload, contentType })),
  fc.constant({ payload: 'x'.repeat(1_100_000), contentType: 'application/json' }),
);

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
});

const BOUNDARY = 'fuzz-boundary-7d1c';

/** A multipart form as a browser sends it; sometimes cut short. */
function multipartBody(schema: JsonSchema, components: Components): fc.Arbitrary<Body> {
  const fields = Object.entries(schema.properties ?? {});
  const file = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(bytes)])),
  );
  const parts = fc.tuple(
    ...fields.map(([name, fieldSchema]) =>
      fc.option(
        fieldSchema.contentMediaType
          ? file.map((data) => ({ name, data, filename: 'upload.png' }))
          : fc
              .oneof(validish(fieldSchema, components), oddValue)
              .map((v) => ({ name, data: Buffer.from(asText(v)) })),
        { nil: undefined, freq: 5 },
      ),
    ),
  );
  return fc.tuple(parts, fc.boolean(), fc.boolean()).map(([all, cut, withUnknownPart]) => {
    const chunks: Buffer[] = [];
    const present = all.filter((part) => part !== undefined);
    if (withUnknownPart) present.push({ name: 'unexpected', data: Buffer.from('x') });
    for (const part of present) {
      const filename = 'filename' in part ? `; filename="${part.filename}"` : '';
      const type = 'filename' in part ? '\r\nContent-Type: image/png' : '';
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
    if (!cut) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return {
      payload: Buffer.concat(chunks),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    };
  });
}

function bodyFor(operation: Operation, components: Components): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({});
  const { body, method } = operation;
  if (body?.mediaType === 'multipart/form-data') {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(body.schema, components) },
      { weight: 1, arbitrary: rawBody },
      { weight: 1, arbitrary: none },
    );
  }
  if (body) {
    const valid = validish(body.schema, components);
    return fc.oneof(
      { weight: 5, arbitrary: valid.map(json) },
      { weight: 4, arbitrary: corrupted(valid).map(json) },
      { weight: 2, arbitrary: rawBody },
      { weight: 1, arbitrary: none },
    );
  }
  if (method === 'GET') return none;
  return fc.oneof(
    { weight: 3, arbitrary: none },
    { weight: 1, arbitrary: oddValue.map(json) },
    { weight: 1, arbitrary: rawBody },
  );
}

/** One request to the operation, from its schemas. */
export function requestFor(
  operation: Operation,
  components: Components,
): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const schemaOf = (name: string) =>
    operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  return fc
    .record({
      caller: callerFor(operation.security),
      forgery: fc.nat(),
      params: fc.tuple(...names.map((name) => pathValue(schemaOf(name), components))),
      query: queryString(operation.parameters, components),
      headers: headerValues(operation.parameters, components),
      body: bodyFor(operation, components),
    })
    .map(({ caller, forgery, params, query, headers, body }) => {
      let index = 0;
      const path = operation.path.replace(/\{\w+\}/g, () => params[index++] ?? '');
      const all = { ...headers };
      if (body.contentType !== undefined) all['content-type'] = body.contentType;
      return {
        caller,
        forgery,
        method: operation.method,
        url: `${path}${query}`,
        headers: all,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
    });
}

/** Forged credentials: what an attacker tries instead of a token. */
export const FORGED_AUTHORIZATION = [
  'Bearer ',
  'Bearer x',
  `Bearer ${'A'.repeat(43)}`,
  `Bearer ${'z'.repeat(5000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer',
  'Bearer {{7*7}}',
  "Bearer ' OR 1=1 --",
];
