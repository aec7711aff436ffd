/** The conformance validator refuses what it must, or the conformance tests would prove nothing. */
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
        oneOf: [
          { type: 'object', properties: { type: { const: 0 }, topic: { type: 'string' } }, required: ['type'] },
          { type: 'object', properties: { type: { enum: [2, 13] }, bitrate: { type: 'integer' } }, required: ['type'] },
        ],
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

  it('refuses wrong types, missing required properties, bad snowflakes, lengths and int32 overflow', () => {
    expect(errors({ id: 123, name: 'Mods' }, ref('Role'))).toEqual(['/id expected string, got integer']);
    expect(errors({ id: '1' }, ref('Role'))).toEqual(['/ missing required property "name"']);
    expect(errors({ id: '01', name: 'x' }, ref('Role'))).toEqual(['/id "01" does not match ^(0|[1-9][0-9]*)$']);
    expect(errors({ id: '18446744073709551616', name: 'x' }, ref('Role'))).toEqual(['/id "18446744073709551616" is not a snowflake']);
    expect(errors({ id: '1', name: 'toolong' }, ref('Role'))).toEqual(['/name longer than 5']);
    expect(errors({ id: '1', name: 'x', color: 2 ** 31 }, ref('Role'))).toEqual([`/color ${2 ** 31} is not an int32`]);
    expect(errors({ id: '1', name: 'x', icon: 3 }, ref('Named'))).toEqual(['/icon expected string or null, got integer']);
  });

  it('holds oneOf to exactly one branch, and const and enum to their values', () => {
    expect(errors({ type: 0, topic: 'hi' }, ref('Channel'))).toEqual([]);
    expect(errors({ type: 13 }, ref('Channel'))).toEqual([]);
    expect(errors({ type: 5 }, ref('Channel'))[0]).toMatch(/^\/ matches none of oneOf/);
    expect(errors({ type: 0 }, { oneOf: [ref('Channel'), { type: 'object' }] })).toEqual(['/ matches 2 of oneOf, not exactly one']);
  });

  it('reports properties no schema declares, through unions and arrays', () => {
    expect(validator.validate({ id: '1', name: 'x', extra: true }, ref('Named')).undeclared).toEqual([{ at: '/extra', message: 'not declared by the schema' }]);
    expect(validator.validate([{ type: 2, bitrate: 1, topic: 'no' }], { type: 'array', items: ref('Channel') }).undeclared).toEqual([
      { at: '/0/topic', message: 'not declared by the schema' },
    ]);
  });
});
