/**
 * A JSON Schema (2020-12, as OpenAPI 3.1 uses it) validator for the subset Discord's OpenAPI document uses:
 * local `$ref`, `type` (one or a list, `null` included), `properties`, `required`, `additionalProperties`,
 * `items`, `allOf`/`anyOf`/`oneOf`, `enum`, `const`, `pattern`, length, size and range bounds, and the formats
 * `snowflake`, `int32`, `int64`, `double`, `date-time` and `uri`. It also reports properties a response carries
 * that no schema in play declares: the fake must not invent fields Discord does not send.
 */

export type Schema = Record<string, unknown>;

export interface SchemaIssue {
  /** JSON Pointer-ish location in the value, e.g. `/0/roles/3/id`. */
  at: string;
  message: string;
}

export interface Validation {
  errors: SchemaIssue[];
  /** Properties no schema declares (never an error by JSON Schema's rules, but a sign of an invented field). */
  undeclared: SchemaIssue[];
}

const SNOWFLAKE_MAX = 2n ** 64n - 1n;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaList(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function formatProblem(value: unknown, format: string): string | null {
  if (format === 'snowflake' && typeof value === 'string')
    return /^\d{1,20}$/.test(value) && BigInt(value) <= SNOWFLAKE_MAX ? null : `"${value}" is not a snowflake`;
  if (format === 'int64' && typeof value === 'string') return /^-?\d{1,19}$/.test(value) ? null : `"${value}" is not an int64`;
  if (format === 'int64' && typeof value === 'number') return Number.isInteger(value) ? null : `${value} is not an int64`;
  if (format === 'int32' && typeof value === 'number')
    return Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 ? null : `${value} is not an int32`;
  if (format === 'date-time' && typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? null : `"${value}" is not a date-time`;
  if (format === 'uri' && typeof value === 'string') return URL.canParse(value) ? null : `"${value}" is not a URI`;
  return null;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class SchemaValidator {
  constructor(private readonly document: Schema) {}

  /** Validates `value` against `schema`. */
  validate(value: unknown, schema: Schema): Validation {
    const result: Validation = { errors: [], undeclared: [] };
    this.check(value, schema, '', result.errors);
    this.findUndeclared(value, schema, '', result.undeclared);
    return result;
  }

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; typeof current.$ref === 'string'; depth += 1) {
      if (depth > 32) throw new Error(`$ref loop at ${current.$ref}`);
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`only local $ref is supported, got ${ref}`);
      let target: unknown = this.document;
      for (const part of ref.slice(2).split('/')) target = isSchema(target) ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
      if (!isSchema(target)) throw new Error(`$ref ${ref} does not resolve`);
      current = target;
    }
    return current;
  }

  private check(value: unknown, schemaOrRef: Schema, at: string, errors: SchemaIssue[]): void {
    const schema = this.resolve(schemaOrRef);
    const fail = (message: string) => errors.push({ at: at === '' ? '/' : at, message });
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((type) => typeof type === 'string') : null;
    if (types !== null && !types.some((type) => matchesType(value, type))) {
      fail(`expected ${types.join(' or ')}, got ${typeOf(value)}`);
      return;
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value)))
      fail(`${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
    if ('const' in schema && !sameJson(schema.const, value)) fail(`expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
    if (typeof schema.format === 'string') {
      const problem = formatProblem(value, schema.format);
      if (problem !== null) fail(problem);
    }
    this.checkString(value, schema, fail);
    this.checkNumber(value, schema, fail);
    this.checkArray(value, schema, at, errors, fail);
    this.checkObject(value, schema, at, errors, fail);
    this.checkCombinators(value, schema, at, errors, fail);
  }

  private checkString(value: unknown, schema: Schema, fail: (message: string) => void): void {
    if (typeof value !== 'string') return;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) fail(`"${value}" does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && Array.from(value).length < schema.minLength) fail(`shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && Array.from(value).length > schema.maxLength) fail(`longer than ${schema.maxLength}`);
  }

  private checkNumber(value: unknown, schema: Schema, fail: (message: string) => void): void {
    if (typeof value !== 'number') return;
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail(`${value} < minimum ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail(`${value} > maximum ${schema.maximum}`);
  }

  private checkArray(value: unknown, schema: Schema, at: string, errors: SchemaIssue[], fail: (message: string) => void): void {
    if (!Array.isArray(value)) return;
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) fail(`fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail(`more than ${schema.maxItems} items`);
    if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) fail('items are not unique');
    const items = schema.items;
    if (isSchema(items)) value.forEach((item, index) => this.check(item, items, `${at}/${index}`, errors));
  }

  private checkObject(value: unknown, schema: Schema, at: string, errors: SchemaIssue[], fail: (message: string) => void): void {
    if (!isSchema(value)) return;
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name === 'string' && !(name in value)) fail(`missing required property "${name}"`);
    }
    for (const [name, propertyValue] of Object.entries(value)) {
      const propertySchema = properties[name];
      if (isSchema(propertySchema)) this.check(propertyValue, propertySchema, `${at}/${name}`, errors);
      else if (schema.additionalProperties === false) fail(`property "${name}" is not allowed`);
      else if (isSchema(schema.additionalProperties)) this.check(propertyValue, schema.additionalProperties, `${at}/${name}`, errors);
    }
    const count = Object.keys(value).length;
    if (typeof schema.minProperties === 'number' && count < schema.minProperties) fail(`fewer than ${schema.minProperties} properties`);
    if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) fail(`more than ${schema.maxProperties} properties`);
  }

  private checkCombinators(value: unknown, schema: Schema, at: string, errors: SchemaIssue[], fail: (message: string) => void): void {
    for (const member of schemaList(schema.allOf)) this.check(value, member, at, errors);
    const matching = (members: Schema[]) => members.filter((member) => this.matches(value, member)).length;
    const anyOf = schemaList(schema.anyOf);
    if (anyOf.length > 0 && matching(anyOf) === 0) fail(`matches none of anyOf: ${this.closestProblems(value, anyOf)}`);
    const oneOf = schemaList(schema.oneOf);
    if (oneOf.length > 0) {
      const count = matching(oneOf);
      if (count === 0) fail(`matches none of oneOf: ${this.closestProblems(value, oneOf)}`);
      if (count > 1) fail(`matches ${count} of oneOf, not exactly one`);
    }
  }

  private matches(value: unknown, schema: Schema): boolean {
    const errors: SchemaIssue[] = [];
    this.check(value, schema, '', errors);
    return errors.length === 0;
  }

  /** The problems of the alternative that came closest, so a failed union says why. */
  private closestProblems(value: unknown, members: Schema[]): string {
    const attempts = members.map((member) => {
      const errors: SchemaIssue[] = [];
      this.check(value, member, '', errors);
      return errors;
    });
    attempts.sort((a, b) => a.length - b.length);
    return (attempts[0] ?? []).map((issue) => `${issue.at} ${issue.message}`).join('; ');
  }

  /**
   * The schemas that apply to `value`: the schema, its allOf members, and the union branches the value
   * satisfies (every branch when none does: those errors are reported by `check`), all resolved and flattened.
   */
  private applicable(value: unknown, schemaOrRef: Schema, seen = new Set<Schema>()): Schema[] {
    const schema = this.resolve(schemaOrRef);
    if (seen.has(schema)) return [];
    seen.add(schema);
    const branches = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
    const fitting = branches.filter((branch) => this.matches(value, branch));
    const members = [...schemaList(schema.allOf), ...(fitting.length > 0 ? fitting : branches)];
    return [schema, ...members.flatMap((member) => this.applicable(value, member, seen))];
  }

  private findUndeclared(value: unknown, schema: Schema, at: string, found: SchemaIssue[]): void {
    const parts = this.applicable(value, schema);
    if (Array.isArray(value)) {
      for (const part of parts) {
        const items = part.items;
        if (isSchema(items)) value.forEach((item, index) => this.findUndeclared(item, items, `${at}/${index}`, found));
      }
      return;
    }
    if (!isSchema(value)) return;
    if (parts.some((part) => isSchema(part.additionalProperties) || part.additionalProperties === true)) return;
    const declared = new Set(parts.flatMap((part) => (isSchema(part.properties) ? Object.keys(part.properties) : [])));
    for (const [name, propertyValue] of Object.entries(value)) {
      if (!declared.has(name)) {
        found.push({ at: `${at}/${name}`, message: 'not declared by the schema' });
        continue;
      }
      for (const part of parts) {
        const propertySchema = isSchema(part.properties) ? part.properties[name] : undefined;
        if (isSchema(propertySchema)) this.findUndeclared(propertyValue, propertySchema, `${at}/${name}`, found);
      }
    }
  }
}
