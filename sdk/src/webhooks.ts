// Verifying a webhook delivery (Standard Webhooks): the signature over `${webhook-id}.${timestamp}.${body}`
// with the endpoint's secret, and a timestamp within 5 minutes of now (older or newer is refused, so a
// captured delivery cannot be replayed later). Verify the raw body, byte for byte as it arrived:
// a body parsed and serialised again no longer matches its signature.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { ContrailError } from './core/errors';
import type { Event } from './generated/model';

export class WebhookVerificationFailed extends ContrailError {
  override name = 'WebhookVerificationFailed';
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : (value ?? '');
  }
  return '';
}

/**
 * Verifies a delivery and answers its event (the typed union: switch on `event.type`). Throws
 * WebhookVerificationFailed for a bad or missing signature, or a timestamp more than 5 minutes
 * away. Deduplicate on `event.id` (the `webhook-id` header): a delivery may arrive more than once.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string): Event {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  try {
    return new Webhook(secret).verify(body, {
      'webhook-id': header(headers, 'webhook-id'),
      'webhook-timestamp': header(headers, 'webhook-timestamp'),
      'webhook-signature': header(headers, 'webhook-signature'),
    }) as Event;
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new WebhookVerificationFailed(error.message);
    throw error;
  }
}
