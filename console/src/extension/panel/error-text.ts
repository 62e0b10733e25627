// What the panel shows for a failed call: the API's error details (or titles), as the console does.
import { ApiError } from '@contrail/sdk';

export const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.messages.join(' ') : error instanceof Error ? error.message : String(error);
