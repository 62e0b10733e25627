import { describe, expect, it } from 'vitest';
import { LiveModeReadOnly, mayTry, prepareTryItRequest, sourceHeader, tokenMode } from './workspace-requests';

describe('the workspace try-it', () => {
  it('sends every method in test mode and only reads in live mode', () => {
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) expect(mayTry('test', method)).toBe(true);
    expect(mayTry('live', 'GET')).toBe(true);
    expect(mayTry('live', 'head')).toBe(true);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'post']) expect(mayTry('live', method)).toBe(false);
  });

  it('marks what it sends as the workspace’s and refuses a live write before it leaves', () => {
    const read = new Request('http://127.0.0.1/api/v1/bookings', { method: 'GET' });
    prepareTryItRequest(read, 'live');
    expect(read.headers.get(sourceHeader)).toBe('workspace');
    const write = new Request('http://127.0.0.1/api/v1/bookings', { method: 'POST', body: '{}' });
    expect(() => prepareTryItRequest(write, 'live')).toThrow(LiveModeReadOnly);
    expect(write.headers.get(sourceHeader)).toBeNull();
    expect(() => prepareTryItRequest(write, 'live', (method) => `no ${method}`)).toThrow('no POST');
  });

  it('tells a token’s mode by its prefix', () => {
    expect(tokenMode('ctr_test_abc123')).toBe('test');
    expect(tokenMode('ctr_live_abc123')).toBe('live');
    expect(tokenMode('Bearer ctr_test_abc')).toBeNull();
    expect(tokenMode('')).toBeNull();
  });
});
