// The badge on the extension's icon: the agent's unread notifications (schedule changes, time
// limits and the other events the console's bell shows), read from the notifications API every
// minute and whenever the panel has read them.
import { clientFor, readConnection } from '../connection';

export async function refreshBadge(): Promise<void> {
  const connection = await readConnection();
  if (!connection) {
    await chrome.action.setBadgeText({ text: '' });
    return;
  }
  try {
    const list = await clientFor(connection).listNotifications({ per_page: 1 });
    const unread = list.meta.unread;
    await chrome.action.setBadgeBackgroundColor({ color: '#c92a2a' });
    await chrome.action.setBadgeText({ text: unread === 0 ? '' : unread > 99 ? '99+' : String(unread) });
  } catch {
    // Offline or revoked: the panel says which; the badge keeps its last count.
  }
}
