// How a failed API call reads to a person (product spec §7, §8): every item of the errors array
// becomes its own error notice (detail, else title); a failure with no errors body, or one that
// never reached the server, shows the one server-problem notice.
import { ApiAbortError, ApiError } from '@contrail/sdk';
import type { NotificationInput } from './notification.types';

export function errorNotices(error: unknown, serverProblemText: string): NotificationInput[] {
  // A call the console cancelled itself (navigation, unmount) failed nobody.
  if (error instanceof ApiAbortError || (error instanceof DOMException && error.name === 'AbortError')) return [];
  const messages = error instanceof ApiError ? error.messages.filter((text) => text.trim() !== '') : [];
  if (messages.length === 0) return [{ type: 'error', text: serverProblemText }];
  return messages.map((text) => ({ type: 'error', text }));
}
