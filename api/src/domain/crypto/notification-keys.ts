// The key in an airline notification URL: an HMAC of the channel id under a key derived from
// SECRET_KEY for this purpose only. It proves the caller got the URL from us (we registered it with
// the airline); it is the same on every instance and needs nothing stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './derived-key.js';

export interface NotificationKeys {
  keyFor(channelId: string): string;
  matches(channelId: string, key: string): boolean;
}

export function createNotificationKeys(secretKey: string): NotificationKeys {
  const secret = deriveKey(secretKey, 'contrail-airline-notifications', 'notification-url-key');
  const keyFor = (channelId: string) => createHmac('sha256', secret).update(channelId).digest('base64url');
  return {
    keyFor,
    matches(channelId, key) {
      const expected = Buffer.from(keyFor(channelId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
