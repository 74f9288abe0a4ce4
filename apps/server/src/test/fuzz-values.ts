import fc from 'fast-check';

/**
 * Values for the contract fuzz test (contract-fuzz.test.ts), made from the JSON Schemas of the
 * OpenAPI document: values a schema takes or nearly takes (so a request gets past validation
 * and into the service), and values no schema should take (wrong types, huge or odd text).
 * Only the keywords zod writes are read.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  contentMediaType?: string;
};

/** Texts that have broken servers: NUL, lone surrogates, direction overrides, Thai and Lao, injections. */
export const ODD_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  '\uFEFF',
  '\u200B\u200D',
  'e\u0301\u0301\u0301',
  'ภาษาไทย',
  'ພາສາລາວ',
  '🤑💸👨‍👩‍👧',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '#{7*7}{{7*7}}<%= 7*7 %>',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '9'.repeat(400),
  '2024-02-30T25:61:61Z',
];

const HUGE_TEXTS = ['x'.repeat(70_000), 'ก'.repeat(20_000), '\u0301'.repeat(10_000)];

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  0.001,
  1.005,
  0.1 + 0.2,
  123.456,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  -1e308,
  1e308,
];

/** Anything at all, weighted toward what breaks parsers and validators. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    [[[[[]]]]],
    JSON.parse('{"__proto__":{"x":1}}'),
  ),
  fc.constantFrom(...ODD_NUMBERS),
  fc.constantFrom(...ODD_TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...HUGE_TEXTS),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

const MAX_DEPTH = 6;

export function resolveRef(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return components[name] ?? {};
}

/** Values the schema accepts, or nearly: patterns and limits are followed as far as fast-check can. */
export function validish(
  given: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveRef(given, components);
  const next = (s: JsonSchema) => validish(s, components, depth + 1);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map(next));
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => next({ ...schema, type: t })));
  switch (type[0]) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer(bounds(schema, true));
    case 'number':
      return number(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(next(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'object':
      return object(schema, next);
    default:
      return schema.properties ? object(schema, next) : fc.jsonValue({ maxDepth: 2 });
  }
}

function text(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
  switch (schema.format) {
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
  }
  if (schema.pattern) {
    const matching = patternArbitrary(schema.pattern, maxLength);
    if (matching) return matching;
  }
  return fc.string({ minLength, maxLength });
}

/** fast-check reads most regular expressions; the few it cannot are left to plain strings. */
function patternArbitrary(pattern: string, maxLength: number): fc.Arbitrary<string> | null {
  try {
    const regex = new RegExp(pattern, 'u');
    const arbitrary = fc.stringMatching(regex, { size: 'small' });
    fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    return arbitrary.map((s) => (s.length > maxLength * 4 ? s.slice(0, maxLength) : s));
  } catch {
    return null;
  }
}

function bounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : 0.01;
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : schema.minimum;
  const high =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : schema.maximum;
  const min = Math.max(low ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high ?? 1_000_000_000, Number.MAX_SAFE_INTEGER);
  return { min: Math.ceil(min), max: Math.max(Math.floor(max), Math.ceil(min)) };
}

/** Money is a number with at most 2 decimals: mostly that, sometimes any double in range. */
function number(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, false);
  const cents = fc
    .integer({
      min: Math.max(min * 100, Number.MIN_SAFE_INTEGER),
      max: Math.min(max * 100, Number.MAX_SAFE_INTEGER),
    })
    .map((c) => c / 100);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max }) },
    { weight: 3, arbitrary: cents },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
  );
}

function object(
  schema: JsonSchema,
  next: (s: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, next(s)]));
  const required = (schema.required ?? []).filter((key) => key in properties);
  const fixed = fc.record(model, { requiredKeys: required });
  if (typeof schema.additionalProperties !== 'object') return fixed;
  const keys = schema.propertyNames ? next(schema.propertyNames) : fc.string({ maxLength: 12 });
  const extra = fc.dictionary(
    keys.map((k) => (typeof k === 'string' ? k : JSON.stringify(k))),
    next(schema.additionalProperties),
    { maxKeys: 3 },
  );
  return fc.tuple(fixed, extra).map(([a, b]) => ({ ...b, ...a }));
}

/**
 * A value made wrong in one place: a field (at any depth) replaced by an odd value, removed,
 * or joined by an unknown one; or the whole value replaced.
 */
export function corrupted(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), oddValue, fc.constantFrom('replace', 'remove', 'add', 'whole'))
    .map(([value, pick, odd, how]) => {
      if (how === 'whole') return odd;
      const copy = structuredClone(value);
      const nodes = containers(copy);
      const node = nodes[pick % Math.max(nodes.length, 1)];
      if (!node) return odd;
      const keys = Object.keys(node);
      const key = keys[pick % Math.max(keys.length, 1)];
      if (how === 'add' || key === undefined) {
        (node as Record<string, unknown>)[`unexpected${pick % 7}`] = odd;
      } else if (how === 'remove') {
        if (Array.isArray(node)) node.splice(Number(key), 1);
        else delete (node as Record<string, unknown>)[key];
      } else {
        (node as Record<string, unknown>)[key] = odd;
      }
      return copy;
    });
}

/** Every object and array inside a value, itself first. */
function containers(value: unknown): object[] {
  if (value === null || typeof value !== 'object') return [];
  return [value, ...Object.values(value).flatMap(containers)];
}
