// An endpoint as GET /webhook_endpoints/{id} answers it (and as the webhook_endpoint.disabled
// event carries it): never its secret.
import type { WebhookEndpointRow } from '../../db/webhooks.repository.js';
import type { EventType } from '../events/event-types.js';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: EventType[];
  enabled: boolean;
  disabled_reason: 'gone' | 'failing' | null;
  live_mode: boolean;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export const endpointView = (row: WebhookEndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as EventType[],
  enabled: row.enabled,
  disabled_reason: row.disabled_reason,
  live_mode: row.live_mode,
  previous_secret_expires_at:
    row.previous_secret_expires_at && row.previous_secret_expires_at > now
      ? row.previous_secret_expires_at.toISOString()
      : null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
