import { describe, expect, it } from 'vitest';
import { allSections, sectionDocument, sectionsOf, type Contract } from './contract-sections';

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const contract: Contract = {
  openapi: '3.1.0',
  info: { title: 'Contrail', version: '1' },
  security: [{ bearerAuth: [] }],
  tags: [{ name: 'health' }, { name: 'bookings' }],
  paths: {
    '/healthz': { get: { tags: ['health'], responses: { '200': ref('responses', 'Ok') } } },
    '/bookings/{id}': {
      parameters: [ref('parameters', 'BookingId')],
      get: {
        tags: ['bookings'],
        responses: { '200': { content: { 'application/json': { schema: ref('schemas', 'Booking') } } } },
      },
      delete: { tags: ['admin'], responses: { '204': { description: 'gone' } } },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    parameters: { BookingId: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    responses: { Ok: { description: 'ok', content: { 'application/json': { schema: ref('schemas', 'Health') } } } },
    schemas: {
      Health: { type: 'object' },
      // reached through an array, a nested property and a name with a JSON-pointer escape; it refers back to itself
      Booking: { type: 'object', properties: { legs: { type: 'array', items: ref('schemas', 'Leg~1Segment') } } },
      'Leg/Segment': {
        type: 'object',
        properties: { booking: ref('schemas', 'Booking'), fare: ref('schemas', 'Fare') },
      },
      Fare: { type: 'object' },
      Unused: { type: 'object' },
    },
  },
};

describe('the reference’s sections', () => {
  it('lists the contract’s tags in its own order, then tags only operations use', () => {
    expect(sectionsOf(contract)).toEqual(['health', 'bookings', 'admin']);
  });

  it('keeps a section’s operations and only the components they reach', () => {
    const bookings = sectionDocument(contract, 'bookings');
    expect(Object.keys(bookings.paths ?? {})).toEqual(['/bookings/{id}']);
    // the path's shared parameters stay; another section's operation on the same path does not
    expect(Object.keys(bookings.paths?.['/bookings/{id}'] ?? {})).toEqual(['parameters', 'get']);
    expect(bookings.tags).toEqual([{ name: 'bookings' }]);
    expect(Object.keys(bookings.components?.['schemas'] ?? {}).sort()).toEqual(['Booking', 'Fare', 'Leg/Segment']);
    expect(Object.keys(bookings.components?.['parameters'] ?? {})).toEqual(['BookingId']);
    expect(bookings.components?.['responses']).toBeUndefined();
    // authentication names its schemes without a $ref: they are all kept
    expect(bookings.components?.['securitySchemes']).toEqual(contract.components?.['securitySchemes']);
    expect(bookings.info).toEqual(contract.info);
    expect(bookings.security).toEqual(contract.security);

    const health = sectionDocument(contract, 'health');
    expect(Object.keys(health.paths ?? {})).toEqual(['/healthz']);
    expect(Object.keys(health.components?.['schemas'] ?? {})).toEqual(['Health']);
    expect(Object.keys(health.components?.['responses'] ?? {})).toEqual(['Ok']);
  });

  it('shows the whole contract as it is when every section is asked for', () => {
    expect(sectionDocument(contract, allSections)).toBe(contract);
  });

  it('leaves the contract it was given unchanged', () => {
    const before = JSON.stringify(contract);
    sectionDocument(contract, 'bookings');
    expect(JSON.stringify(contract)).toBe(before);
  });
});
