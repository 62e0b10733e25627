// A channel endpoint between its stored form and the providers' ChannelEndpoint: settings are kept
// as written (defaults filled in on read, so a later field needs no migration), secrets as one
// sealed JSON object. The secrets are opened only here, on their way to a provider.
import {
  defaultEndpointSettings,
  type ChannelEndpoint,
  type EndpointSecrets,
  type EndpointSettings,
} from '../../providers/channel-endpoint.js';
import type { SecretBox } from '../crypto/secret-box.js';

export function settingsOf(stored: unknown, adapter: EndpointSettings['adapter'] | null): EndpointSettings {
  const saved = (stored && typeof stored === 'object' ? stored : {}) as Partial<EndpointSettings>;
  return {
    ...defaultEndpointSettings,
    ...saved,
    adapter: adapter ?? defaultEndpointSettings.adapter,
    auth: { ...defaultEndpointSettings.auth, ...(saved.auth ?? {}) },
  };
}

export function sealSecrets(box: SecretBox, secrets: EndpointSecrets): string | null {
  return Object.keys(secrets).length === 0 ? null : box.seal(JSON.stringify(secrets));
}

export function openSecrets(box: SecretBox, sealed: string | null): EndpointSecrets {
  return sealed === null ? {} : (JSON.parse(box.open(sealed)) as EndpointSecrets);
}

/** The endpoint a provider receives; undefined when the channel has none saved (the JSON default). */
export function openEndpoint(
  box: SecretBox,
  row: {
    adapter: EndpointSettings['adapter'] | null;
    settings: unknown;
    secrets: string | null;
    version: string | null;
  },
): ChannelEndpoint | undefined {
  if (row.adapter === null || row.version === null) return undefined;
  return { ...settingsOf(row.settings, row.adapter), secrets: openSecrets(box, row.secrets), version: row.version };
}
