// A fare_id names the channel that shopped the fare and the airline's own offer id, so details,
// ancillaries and booking go back to the same airline connection (an airline's offer id means
// nothing on another channel). Opaque to callers; the channel is checked against the caller's
// agency on every use, so a fare_id from another agency is simply not found.
import { createHash } from 'node:crypto';

export function fareIdOf(channelId: string, airlineOfferId: string): string {
  return `fr_${Buffer.from(`${channelId}|${airlineOfferId}`, 'utf8').toString('base64url')}`;
}

export function parseFareId(fareId: string): { channelId: string; airlineOfferId: string } | null {
  if (!fareId.startsWith('fr_')) return null;
  const [channelId, airlineOfferId, ...rest] = Buffer.from(fareId.slice(3), 'base64url').toString('utf8').split('|');
  if (!channelId || !airlineOfferId || rest.length > 0) return null;
  return { channelId, airlineOfferId };
}

/** One offer per itinerary: the same flights in the same order give the same id. */
export function offerIdOf(owner: string, flightIds: readonly string[]): string {
  return `of_${createHash('sha1')
    .update(`${owner}|${flightIds.join(',')}`)
    .digest('base64url')
    .slice(0, 16)}`;
}
