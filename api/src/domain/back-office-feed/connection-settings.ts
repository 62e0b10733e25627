// A connection's settings: what a person may read back (host, port, user, folder, pinned host key)
// and the credentials, sealed at rest (secret-box, as card numbers are) and never returned or
// logged. Checked when saved, so a bad setting is a clear 400 and changes nothing.
import type { ConnectionRow } from '../../db/back-office-connections.repository.js';
import type { SftpTarget } from '../../outbound/sftp-upload.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, invalidField } from '../errors.js';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  folder: string;
  host_key_fingerprint: string;
}

export interface SftpCredentials {
  password?: string;
  private_key?: string;
}

const fingerprint = /^SHA256:[A-Za-z0-9+/]{43}$/;
const hostName =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^[0-9.]+$|^\[?[0-9a-fA-F:]+\]?$/;

export function checkSftpSettings(s: SftpSettings): SftpSettings {
  if (!hostName.test(s.host)) throw invalidField('/sftp/host', 'host must be a host name or an IP address.');
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
    throw invalidField('/sftp/port', 'port must be 1-65535.');
  if (!fingerprint.test(s.host_key_fingerprint))
    throw invalidField(
      '/sftp/host_key_fingerprint',
      'host_key_fingerprint must be the SHA256 fingerprint as ssh-keygen -lf prints it (SHA256:…).',
    );
  if (!s.folder.startsWith('/') || s.folder.includes('\0') || s.folder.split('/').includes('..'))
    throw invalidField('/sftp/folder', 'folder must be an absolute path without "..".');
  return {
    host: s.host,
    port: s.port,
    username: s.username,
    folder: s.folder,
    host_key_fingerprint: s.host_key_fingerprint,
  };
}

export function checkCredentials(c: SftpCredentials): SftpCredentials {
  if (!c.password && !c.private_key)
    throw new DomainError('validation_failed', 'Give a password or a private key.', { pointer: '/sftp/password' });
  if (c.private_key && !/^-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(c.private_key.trim()))
    throw new DomainError('validation_failed', 'private_key must be a PEM or OpenSSH private key.', {
      pointer: '/sftp/private_key',
    });
  return c;
}

export function sftpTargetOf(c: ConnectionRow, box: SecretBox): SftpTarget {
  const s = c.settings as SftpSettings;
  const creds = JSON.parse(box.open(c.credentials_sealed)) as SftpCredentials;
  return {
    host: s.host,
    port: s.port,
    username: s.username,
    folder: s.folder,
    hostKeyFingerprint: s.host_key_fingerprint,
    ...(creds.password ? { password: creds.password } : {}),
    ...(creds.private_key ? { privateKey: creds.private_key } : {}),
  };
}

/** An HTTPS connection: the receiver's URL; its credential is the signing secret Contrail made. */
export interface HttpsSettings {
  url: string;
}

export interface HttpsCredentials {
  secret: string;
}

/** An email connection: who receives each batch as an attachment (no credential). */
export interface EmailSettings {
  to: string[];
}

/** One address as the contract's `format: email` means it, without the characters headers break on. */
const mailbox = /^[^\s@<>(),;:"\\]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function checkHttpsSettings(s: HttpsSettings): HttpsSettings {
  let url: URL;
  try {
    url = new URL(s.url);
  } catch {
    throw new DomainError('validation_failed', 'url must be an absolute https URL.', { pointer: '/https/url' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DomainError('validation_failed', 'url must be an absolute https URL.', { pointer: '/https/url' });
  return { url: url.toString() };
}

export function checkEmailSettings(s: EmailSettings): EmailSettings {
  const to = s.to.map((a) => a.trim());
  to.forEach((address, i) => {
    if (!mailbox.test(address))
      throw new DomainError('validation_failed', `to[${i}] must be an email address.`, { pointer: '/email/to' });
  });
  if (to.length === 0)
    throw new DomainError('validation_failed', 'Give at least one address.', { pointer: '/email/to' });
  return { to: [...new Set(to)] };
}

export function httpsSecretOf(c: ConnectionRow, box: SecretBox): string {
  return (JSON.parse(box.open(c.credentials_sealed)) as HttpsCredentials).secret;
}
