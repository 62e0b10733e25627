import {
  ApiAbortError,
  ApiConnectionError,
  ApiError,
  InternalServerError,
  UnprocessableEntityError,
} from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import { errorNotices } from './error-notices';

const serverProblem = 'There are problems on the server';
const item = (title: string, detail?: string) => ({
  status: '422',
  code: 'invalid',
  title,
  ...(detail ? { detail } : {}),
});

describe('errorNotices (product spec §8)', () => {
  it('shows each error item, its detail or else its title', () => {
    const error = new UnprocessableEntityError(
      422,
      [item('Invalid email', 'Enter an email address.'), item('Phone is taken')],
      'req-1',
      new Headers(),
    );
    expect(errorNotices(error, serverProblem)).toEqual([
      { type: 'error', text: 'Enter an email address.' },
      { type: 'error', text: 'Phone is taken' },
    ]);
  });

  it('shows the server-problem notice when the answer had no errors body', () => {
    const error = new InternalServerError(502, [], undefined, new Headers());
    expect(errorNotices(error, serverProblem)).toEqual([{ type: 'error', text: serverProblem }]);
  });

  it('shows the server-problem notice when the API could not be reached', () => {
    const error = new ApiConnectionError('GET /healthz could not reach the API');
    expect(errorNotices(error, serverProblem)).toEqual([{ type: 'error', text: serverProblem }]);
  });

  it('shows nothing for a call the console cancelled', () => {
    expect(errorNotices(new DOMException('aborted', 'AbortError'), serverProblem)).toEqual([]);
    expect(errorNotices(new ApiAbortError('GET /account was aborted by its caller'), serverProblem)).toEqual([]);
  });

  it('treats a plain ApiError like its subclasses', () => {
    const error = new ApiError(418, [item('No coffee here')], undefined, new Headers());
    expect(errorNotices(error, serverProblem)).toEqual([{ type: 'error', text: 'No coffee here' }]);
  });
});
