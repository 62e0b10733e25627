// Product spec §2: a page address carrying both `message` and `type` shows that notification once
// (server redirects use it, e.g. after sign-out). The two parameters are then taken out of the
// address so a reload or a shared link does not show the notice again.
import { isNotificationType, type NotificationInput } from './notification.types';

export function takeNotificationFromUrl(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
): NotificationInput | null {
  const url = new URL(location.href);
  const text = url.searchParams.get('message');
  const type = url.searchParams.get('type');
  if (text === null || type === null) return null;

  url.searchParams.delete('message');
  url.searchParams.delete('type');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);

  // Only the two notice types exist; anything else in `type` is ignored rather than guessed at.
  if (!isNotificationType(type) || text.trim() === '') return null;
  return { text, type };
}
