import { ApiConnectionError, UnprocessableEntityError } from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import { fieldOfPointer, splitFieldErrors } from './field-errors';

const invalid = (pointer: string | undefined, title: string, detail?: string) => ({
  status: '422',
  code: 'invalid',
  title,
  ...(detail ? { detail } : {}),
  ...(pointer === undefined ? {} : { source: { pointer } }),
});

const fields = ['first_name', 'last_name'] as const;

describe('splitFieldErrors', () => {
  it('puts errors beside the fields their pointer names and keeps the rest for notices', () => {
    const error = new UnprocessableEntityError(
      422,
      [
        invalid('/first_name', 'Invalid value', 'Enter your first name.'),
        invalid('/first_name', 'Too long'),
        invalid('/password', 'Too short'),
        invalid(undefined, 'Something else'),
      ],
      'req-1',
      new Headers(),
    );
    expect(splitFieldErrors(error, fields)).toEqual({
      fields: { first_name: 'Enter your first name.' },
      others: ['Too long', 'Too short', 'Something else'],
    });
  });

  it('answers null for errors that are not API errors with texts', () => {
    expect(splitFieldErrors(new ApiConnectionError('down'), fields)).toBeNull();
    expect(splitFieldErrors(new UnprocessableEntityError(422, [], undefined, new Headers()), fields)).toBeNull();
  });

  it('reads the last segment of a pointer', () => {
    expect(fieldOfPointer('/data/last_name', fields)).toBe('last_name');
    expect(fieldOfPointer('/email', fields)).toBeUndefined();
    expect(fieldOfPointer(undefined, fields)).toBeUndefined();
  });
});
