import { describe, expect, it } from 'vitest';
import {
  channelFlags,
  closedTicketingGate,
  searchable,
  type ChannelFacts,
  type TicketingPath,
} from './channel-state.js';

const open: ChannelFacts = {
  onByAdmin: true,
  activeBySupervisor: true,
  activeForCompany: true,
  credentialActive: true,
  surfaces: { api: true, web: true, extension: false },
};
const gates = { main: true, agency: true, channel: true };
const path: TicketingPath = { gates, partnerActive: true, companyActive: true, channel: open };

describe('channel flags', () => {
  it('is active only when every flag is', () => {
    expect(channelFlags(open, gates).active).toBe(true);
    expect(channelFlags({ ...open, credentialActive: false }, gates)).toMatchObject({
      active_credential: false,
      active: false,
    });
    expect(channelFlags(open, { ...gates, main: false })).toMatchObject({ active_by_main_gate: false, active: false });
    expect(channelFlags({ ...open, activeForCompany: undefined }, gates).active_by_company).toBe(true);
  });

  it('searches a channel only on the surfaces its source channel enables', () => {
    expect(searchable(open, 'api')).toBe(true);
    expect(searchable(open, 'extension')).toBe(false);
    expect(searchable({ ...open, activeForCompany: false }, 'web')).toBe(false);
  });
});

describe('closed ticketing gate', () => {
  it('names the first closed gate on the path', () => {
    expect(closedTicketingGate(path)).toBeNull();
    expect(closedTicketingGate({ ...path, gates: { ...gates, main: false, channel: false } })).toBe('main');
    expect(closedTicketingGate({ ...path, gates: { ...gates, agency: false } })).toBe('agency');
    expect(closedTicketingGate({ ...path, partnerActive: false })).toBe('partner');
    expect(closedTicketingGate({ ...path, companyActive: false })).toBe('company');
    expect(closedTicketingGate({ ...path, companyActive: undefined })).toBeNull();
    expect(closedTicketingGate({ ...path, gates: { ...gates, channel: false } })).toBe('channel');
    expect(closedTicketingGate({ ...path, channel: { ...open, activeBySupervisor: false } })).toBe('channel_settings');
  });
});
