// How a failed accept or decline reads: an earlier time limit asks, with the airline's words; a
// decided or expired opportunity is a plain notice; anything else is left to the API's own text.
import { ApiError } from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import { decisionFailure } from './accept-outcome';

const failure = (status: number, code: string, detail?: string) =>
  new ApiError(
    status,
    [{ status: String(status), code, title: code, ...(detail ? { detail } : {}) }],
    undefined,
    new Headers(),
  );

describe('decisionFailure', () => {
  it('asks to accept an earlier time limit deliberately, with the detail the API gave', () => {
    expect(decisionFailure(failure(422, 'fare_watch_time_limit_earlier', 'Pay by 10:00.'))).toEqual({
      kind: 'earlierTimeLimit',
      detail: 'Pay by 10:00.',
    });
    expect(decisionFailure(failure(422, 'fare_watch_time_limit_earlier'))).toEqual({
      kind: 'earlierTimeLimit',
      detail: null,
    });
  });

  it('says plainly that the opportunity was decided or has expired', () => {
    expect(decisionFailure(failure(409, 'fare_watch_opportunity_decided'))).toEqual({
      kind: 'notice',
      text: 'decided',
    });
    expect(decisionFailure(failure(422, 'fare_watch_opportunity_expired'))).toEqual({
      kind: 'notice',
      text: 'expired',
    });
  });

  it('leaves every other failure to the API text', () => {
    expect(decisionFailure(failure(502, 'airline_unavailable'))).toEqual({ kind: 'other' });
    expect(decisionFailure(new Error('network'))).toEqual({ kind: 'other' });
  });
});
