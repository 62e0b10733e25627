// A connection and a delivery as the API answers them (and as the back_office_connection.failing
// event carries the connection). Credentials are never part of either: each kind's settings are
// named field by field, and only the connection's own kind has them (the others are null).
import type { ConnectionRow, DeliveryRow } from '../../db/back-office-connections.repository.js';
import type { EmailSettings, HttpsSettings, SftpSettings } from './connection-settings.js';

function sftpView(s: SftpSettings) {
  return {
    host: s.host,
    port: s.port,
    username: s.username,
    folder: s.folder,
    host_key_fingerprint: s.host_key_fingerprint,
  };
}

export function connectionView(r: ConnectionRow) {
  const kind = r.kind;
  return {
    id: r.id,
    agency_id: r.agency_id,
    name: r.name,
    kind,
    format: r.format,
    schedule: r.schedule,
    daily_at: r.daily_at,
    enabled: r.enabled,
    delivered_through: Number(r.delivered_through),
    failing_since: r.failing_since?.toISOString() ?? null,
    // Named field by field: whatever else the settings hold never reaches an answer.
    sftp: kind === 'sftp' ? sftpView(r.settings as SftpSettings) : null,
    https: kind === 'https' ? { url: (r.settings as HttpsSettings).url } : null,
    email: kind === 'email' ? { to: [...(r.settings as EmailSettings).to] } : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function deliveryView(d: DeliveryRow) {
  return {
    id: d.id,
    connection_id: d.connection_id,
    reason: d.reason,
    first_sequence: Number(d.first_sequence),
    last_sequence: Number(d.last_sequence),
    rows: d.rows,
    file_name: d.file_name,
    bytes: Number(d.bytes),
    checksum: d.checksum,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at.toISOString(),
    last_error: d.last_error,
    duration_ms: d.duration_ms,
    created_at: d.created_at.toISOString(),
    delivered_at: d.delivered_at?.toISOString() ?? null,
  };
}
