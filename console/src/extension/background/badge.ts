// The badge on the extension's icon: the agent's unread notifications (schedule changes, time
// limits and the other events the console's bell shows), read from the notifications API every
// minute and whenever the panel has read them; or "!" when the API refused the credential, so the
// agent knows to reconnect even with the panel closed.
import { clientFor, readConnection } from '../connection';

const revokedBadge = '!';

export async function refreshBadge(): Promise<void> {
  const connection = await readConnection();
  if (!connection) {
    await chrome.action.setBadgeText({ text: '' });
    await chrome.action.setTitle({ title: 'Contrail' });
    return;
  }
  if (!connection.revoked) {
    try {
      const list = await clientFor(connection).listNotifications({ per_page: 1 });
      const unread = list.meta.unread;
      await chrome.action.setBadgeBackgroundColor({ color: '#c92a2a' });
      await chrome.action.setBadgeText({ text: unread === 0 ? '' : unread > 99 ? '99+' : String(unread) });
      await chrome.action.setTitle({ title: 'Contrail' });
      return;
    } catch {
      // Offline: the badge keeps its last count. A 401 has marked the connection revoked: below.
    }
  }
  if ((await readConnection())?.revoked) {
    await chrome.action.setBadgeBackgroundColor({ color: '#e8590c' });
    await chrome.action.setBadgeText({ text: revokedBadge });
    await chrome.action.setTitle({ title: 'Contrail: reconnect from the console’s Settings' });
  }
}
