// Connecting: the console's settings page sends the extension credential with
// chrome.runtime.sendMessage(extensionId, …). Only the console's origins can (the manifest's
// externally_connectable); the API the credential belongs to is the sender's own origin, so a page
// cannot point the extension at another server.
import { forgetConnection, modeOfToken, saveConnection } from '../connection';
import { isConnectMessage } from '../messages';

export function acceptConnections(): void {
  chrome.runtime.onMessageExternal.addListener((message: unknown, sender, reply) => {
    const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : undefined);
    if (!origin) return;
    // The console asks first whether the extension is installed, before making a credential.
    if ((message as { type?: string } | null)?.type === 'contrail.ping') {
      reply({ installed: true, version: chrome.runtime.getManifest().version });
      return;
    }
    if ((message as { type?: string } | null)?.type === 'contrail.disconnect') {
      void forgetConnection().then(() => reply({ connected: false }));
      return true;
    }
    if (!isConnectMessage(message)) {
      reply({ connected: false, error: 'malformed' });
      return;
    }
    void saveConnection({
      token: message.token,
      mode: modeOfToken(message.token)!,
      origin,
      language: message.language,
      connectedAt: new Date().toISOString(),
    }).then(() => reply({ connected: true }));
    return true;
  });
}
