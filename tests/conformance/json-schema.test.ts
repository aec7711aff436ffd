/**
 * The conformance validator (Ajv's 2020-12 validator as helpers/json-schema.ts sets it up) refuses what it must, or
 * the conformance tests would prove nothing: Discord's formats at their edges, strict schemas, and the check Ajv
 * lacks, for properties no schema declares.
 */
import { describe, expect, it } from 'vitest';
import { SchemaValidator } from './helpers/json-schema.ts';
import type { Schema } from './helpers/json-schema.ts';

const document: Schema = {
  components: {
    schemas: {
      Snowflake: { type: 'string', pattern: '^(0|[1-9][0-9]*)$', format: 'snowflake' },
      Role: {
        type: 'object',
        properties: { id: { $ref: '#/components/schemas/Snowflake' }, name: { type: 'string', maxLength: 5 }, color: { type: 'integer', format: 'int32' } },
        required: ['id', 'name'],
      },
      Named: { type: 'object', allOf: [{ $ref: '#/components/schemas/Role' }, { type: 'object', properties: { icon: { type: ['string', 'null'] } } }] },
      Channel: {
        'x-discord-union': 'oneOf',
        oneOf: [
          { type: 'object', properties: { type: { const: 0 }, topic: { type: 'string' } }, required: ['type'] },
          { type: 'object', properties: { type: { enum: [2, 13] }, bitrate: { type: 'integer' } }, required: ['type'] },
        ],
      },
      Counted: {
        type: 'object',
        properties: { total: { type: 'integer', format: 'int64' }, at: { type: 'string', format: 'date-time' }, url: { type: 'string', format: 'uri' } },
      },
    },
  },
};
const validator = new SchemaValidator(document);
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const errors = (value: unknown, schema: Schema) => validator.validate(value, schema).errors.map((issue) => `${issue.at} ${issue.message}`);

describe('the conformance JSON Schema validator', () => {
  it('accepts a conforming value through $ref and allOf, with nullable types', () => {
    expect(errors({ id: '123', name: 'Mods', icon: null }, ref('Named'))).toEqual([]);
    expect(validator.validate([{ id: '1', name: 'a' }], { type: 'array', items: ref('Role') })).toEqual({ errors: [], undeclared: [] });
  });

  it('refuses wrong types, missing required properties, lengths and int32 overflow', () => {
    expect(errors({ id: 123, name: 'Mods' }, ref('Role'))).toEqual(['/id must be string']);
    expect(errors({ id: '1' }, ref('Role'))).toEqual(["/ must have required property 'name'"]);
    expect(errors({ id: '1', name: 'toolong' }, ref('Role'))).toEqual(['/name must NOT have more than 5 characters']);
    expect(errors({ id: '1', name: 'x', color: 2 ** 31 - 1 }, ref('Role'))).toEqual([]);
    expect(errors({ id: '1', name: 'x', color: 2 ** 31 }, ref('Role'))).toEqual(['/color must match format "int32"']);
    expect(errors({ id: '1', name: 'x', icon: 3 }, ref('Named'))).toEqual(['/icon must be string,null']);
  });

  it('holds a snowflake to canonical digits up to 2^64 − 1', () => {
    expect(errors({ id: '0', name: 'x' }, ref('Role'))).toEqual([]);
    expect(errors({ id: '18446744073709551615', name: 'x' }, ref('Role'))).toEqual([]);
    expect(errors({ id: '18446744073709551616', name: 'x' }, ref('Role'))).toEqual(['/id must match format "snowflake"']);
    expect(errors({ id: '01', name: 'x' }, ref('Role'))).toEqual(['/id must match pattern "^(0|[1-9][0-9]*)$"', '/id must match format "snowflake"']);
    // The format alone, where a schema names it without the pattern.
    expect(errors('007', { type: 'string', format: 'snowflake' })).toEqual(['/ must match format "snowflake"']);
    expect(errors('123456789012345678901', { type: 'string', format: 'snowflake' })).toEqual(['/ must match format "snowflake"']);
  });

  it('holds int64 to whole numbers within 2^63, and checks date-times and URIs', () => {
    expect(errors({ total: -(2 ** 63) }, ref('Counted'))).toEqual([]);
    expect(errors({ total: 2 ** 62 }, ref('Counted'))).toEqual([]);
    expect(errors({ total: 2 ** 63 }, ref('Counted'))).toEqual(['/total must match format "int64"']);
    expect(errors({ total: 1.5 }, ref('Counted'))).toEqual(['/total must be integer', '/total must match format "int64"']);
    expect(errors({ at: '2024-01-05T08:00:00.000Z', url: 'https://cdn.discordapp.com/a.png' }, ref('Counted'))).toEqual([]);
    expect(errors({ at: '2024-01-05 08:00', url: 'not a uri' }, ref('Counted'))).toEqual(['/at must match format "date-time"', '/url must match format "uri"']);
  });

  it('holds oneOf to exactly one branch, and const and enum to their values', () => {
    expect(errors({ type: 0, topic: 'hi' }, ref('Channel'))).toEqual([]);
    expect(errors({ type: 13 }, ref('Channel'))).toEqual([]);
    expect(errors({ type: 5 }, ref('Channel'))).toContain('/ must match exactly one schema in oneOf');
    expect(errors({ type: 0 }, { oneOf: [ref('Channel'), { type: 'object' }] })).toEqual(['/ must match exactly one schema in oneOf']);
  });

  it('refuses a schema it does not understand rather than passing everything (strict mode)', () => {
    expect(() => validator.validate('x', { type: 'string', minLenght: 1 })).toThrow(/strict mode: unknown keyword: "minLenght"/);
    expect(() => validator.validate('x', { type: 'string', format: 'snowflakes' })).toThrow(/unknown format "snowflakes"/);
  });

  it('reports properties no schema declares, through unions and arrays', () => {
    expect(validator.validate({ id: '1', name: 'x', extra: true }, ref('Named')).undeclared).toEqual([{ at: '/extra', message: 'not declared by the schema' }]);
    expect(validator.validate([{ type: 2, bitrate: 1, topic: 'no' }], { type: 'array', items: ref('Channel') }).undeclared).toEqual([
      { at: '/0/topic', message: 'not declared by the schema' },
    ]);
  });
});
