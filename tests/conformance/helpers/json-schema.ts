/**
 * JSON Schema 2020-12 (as OpenAPI 3.1 uses it) by Ajv, over a document's `components.schemas`, with ajv-formats and
 * the formats Discord's document adds: `snowflake` (a canonical id up to 2^64 − 1) and `int64`, and `nonce`, left
 * unchecked. What Ajv does not do is kept here: reporting properties a value carries that no schema in play
 * declares (never an error by JSON Schema's rules, but a sign that the fake invents a field Discord does not send).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Schema = Record<string, unknown>;

export interface SchemaIssue {
  /** A JSON Pointer into the value, `/` for the value itself, e.g. `/0/roles/3/id`. */
  at: string;
  message: string;
}

export interface Validation {
  errors: SchemaIssue[];
  /** Properties no schema declares. */
  undeclared: SchemaIssue[];
}

const SNOWFLAKE_MAX = 2n ** 64n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Where the document's schemas are registered with Ajv; its local `$ref`s are rewritten to point there. */
const SCHEMAS_ID = 'urn:discord-openapi:schemas';
const LOCAL_REF = '"#/components/schemas/';

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaList(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

/** A copy of `schema` whose references into `components.schemas` point at Ajv's copy of them. */
function withAjvRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll(LOCAL_REF, `"${SCHEMAS_ID}#/$defs/`)) as T;
}

function issue(error: ErrorObject): SchemaIssue {
  const at = error.instancePath === '' ? '/' : error.instancePath;
  const detail = error.keyword === 'enum' || error.keyword === 'const' ? ` ${JSON.stringify(error.params)}` : '';
  return { at, message: `${error.message ?? error.keyword}${detail}` };
}

export class SchemaValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new WeakMap<Schema, ValidateFunction>();

  constructor(private readonly document: Schema) {
    addFormats(this.ajv);
    this.ajv.addFormat('snowflake', { type: 'string', validate: (value) => /^(0|[1-9]\d{0,19})$/.test(value) && BigInt(value) <= SNOWFLAKE_MAX });
    this.ajv.addFormat('int64', {
      type: 'number',
      validate: (value) => Number.isInteger(value) && BigInt(value) >= INT64_MIN && BigInt(value) <= INT64_MAX,
    });
    this.ajv.addFormat('nonce', true);
    // The document marks unions of object shapes for code generators; it says nothing about the values.
    this.ajv.addKeyword('x-discord-union');
    const components = isSchema(document.components) ? document.components : {};
    this.ajv.addSchema({ $id: SCHEMAS_ID, $defs: withAjvRefs(isSchema(components.schemas) ? components.schemas : {}) });
  }

  /** Validates `value` against `schema` (a schema of the document, or one written for it, with local `$ref`s). */
  validate(value: unknown, schema: Schema): Validation {
    const check = this.compile(schema);
    const errors = check(value) ? [] : (check.errors ?? []).map(issue);
    const undeclared: SchemaIssue[] = [];
    this.findUndeclared(value, schema, '', undeclared);
    return { errors, undeclared };
  }

  /** Follows a local `$ref` (to a schema, a parameter, a response…) to what it names. */
  resolve(objectOrRef: Schema): Schema {
    let current = objectOrRef;
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

  private compile(schema: Schema): ValidateFunction {
    let check = this.compiled.get(schema);
    if (check === undefined) {
      check = this.ajv.compile(withAjvRefs(schema));
      this.compiled.set(schema, check);
    }
    return check;
  }

  private matches(value: unknown, schema: Schema): boolean {
    return this.compile(schema)(value);
  }

  /**
   * The schemas that apply to `value`: the schema, its allOf members, and the union branches the value
   * satisfies (every branch when none does: Ajv reports those errors), all resolved and flattened.
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
