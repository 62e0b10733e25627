// What a failed accept or decline means to the person who clicked (docs/guides/fare-watch.md): an
// earlier time limit is a question (take it deliberately?), an opportunity decided or expired
// meanwhile is said in plain words and the list refreshed, anything else is the API's own text.
import { ApiError } from '@contrail/sdk';

export type DecisionFailure =
  | { kind: 'earlierTimeLimit'; detail: string | null }
  | { kind: 'notice'; text: 'decided' | 'expired' }
  | { kind: 'other' };

export function decisionFailure(error: unknown): DecisionFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  const item = error.errors[0];
  if (error.code === 'fare_watch_time_limit_earlier') return { kind: 'earlierTimeLimit', detail: item?.detail ?? null };
  if (error.code === 'fare_watch_opportunity_decided') return { kind: 'notice', text: 'decided' };
  if (error.code === 'fare_watch_opportunity_expired') return { kind: 'notice', text: 'expired' };
  return { kind: 'other' };
}
