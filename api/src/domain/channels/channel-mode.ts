// Test and live (DESIGN §3): a `ctr_test_` token reaches sandbox channels only, a `ctr_live_` token
// production channels only (and only while its agency's production API is on, which the
// authenticator checks on every request). Console sessions reach every channel the agency has
// switched on: the console is where agencies do their real work, and where they try the sandbox.
// Every place that picks a channel for a caller asks this file, so the rule holds everywhere.
import { DomainError } from '../errors.js';
import type { Principal } from '../principal.js';

export type ChannelMode = 'sandbox' | 'production';

/** Sandbox credentials are `sbx_<carrier>_<agency>` (seed-channels.ts); every other is an airline's. */
export function channelModeOf(credential: string): ChannelMode {
  return credential.startsWith('sbx_') ? 'sandbox' : 'production';
}

/** The mode a caller is held to; undefined for console sessions, which reach both. */
function requiredMode(principal: Principal): ChannelMode | undefined {
  if (principal.via.kind !== 'token') return undefined;
  return principal.via.mode === 'test' ? 'sandbox' : 'production';
}

export function reachesMode(principal: Principal, mode: ChannelMode): boolean {
  const required = requiredMode(principal);
  return required === undefined || required === mode;
}

/** Throws the rule that refuses this caller a channel (or a booking made on one) of this mode. */
export function assertReachesMode(principal: Principal, mode: ChannelMode): void {
  if (reachesMode(principal, mode)) return;
  throw requiredMode(principal) === 'sandbox'
    ? new DomainError('test_token_sandbox_only')
    : new DomainError('live_token_production_only');
}
