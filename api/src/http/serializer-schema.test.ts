import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { serializerSchemaOf } from './serializer-schema.js';

const money = {
  type: 'object',
  required: ['amount', 'currency'],
  additionalProperties: false,
  properties: { amount: { type: 'string', pattern: '^[0-9]+$' }, currency: { type: 'string' } },
};
const fare = {
  type: 'object',
  properties: {
    fee: { description: 'null when free', oneOf: [money, { type: 'null' }] },
    limit: { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    kind: { oneOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
  },
};

describe('serializerSchemaOf', () => {
  it('writes "X or null" as X with null added to its type, and leaves an enum as it was', () => {
    const before = JSON.stringify(fare);
    const schema = serializerSchemaOf(fare) as { properties: Record<string, unknown> };
    expect(schema.properties.fee).toEqual({ ...money, description: 'null when free', type: ['object', 'null'] });
    expect(schema.properties.limit).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(schema.properties.kind).toEqual(fare.properties.kind);
    expect(JSON.stringify(fare)).toBe(before);
  });

  it('serializes every value as the schema it came from does', () => {
    const contract = fastJson(fare as never);
    const served = fastJson(serializerSchemaOf(fare) as never);
    for (const value of [
      { fee: null, limit: null, kind: null },
      { fee: { amount: '12', currency: 'EUR' }, limit: '2026-01-01T00:00:00.000Z', kind: 'a' },
    ])
      expect(served(value)).toBe(contract(value));
  });
});
