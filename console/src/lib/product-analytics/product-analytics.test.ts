// The analytics module with the SDK's functions handed in: nothing loads without a key; with one,
// default tracking, platform 'Site' unless an event sets its own, a temporary user id that is
// restored, user properties, and session replay added after 200 ms at a sample rate of 0.1.
import { describe, expect, it } from 'vitest';
import {
  pageAnalyticsKey,
  startAnalytics,
  type AnalyticsSdk,
  type IdentifyBuilder,
  type ReplaySdk,
} from './product-analytics';

type Plugin = { name?: string; type?: string; execute?: (e: object) => Promise<object> };

function fakeSdks() {
  const calls: unknown[][] = [];
  let userId: string | undefined = 'visitor-1';
  const plugins: Plugin[] = [];
  class Identify implements IdentifyBuilder {
    ops: [string, string, unknown?][] = [];
    set(p: string, v: unknown) {
      this.ops.push(['set', p, v]);
      return this;
    }
    setOnce(p: string, v: unknown) {
      this.ops.push(['setOnce', p, v]);
      return this;
    }
    unset(p: string) {
      this.ops.push(['unset', p]);
      return this;
    }
  }
  const sdk: AnalyticsSdk = {
    init: (key, options) => (calls.push(['init', key, options]), { promise: Promise.resolve() }),
    add: (plugin) => (
      plugins.push(plugin as Plugin),
      calls.push(['add', (plugin as Plugin).name]),
      { promise: Promise.resolve() }
    ),
    track: (name, props) => calls.push(['track', name, props]),
    setUserId: (id) => {
      userId = id;
      calls.push(['setUserId', id]);
    },
    getUserId: () => userId,
    identify: (i) => calls.push(['identify', (i as Identify).ops]),
    Identify,
  };
  const replay: ReplaySdk = {
    sessionReplayPlugin: (options) => ({ name: `replay@${options.sampleRate}` }),
  };
  const timers: { run: () => void; ms: number }[] = [];
  return {
    sdk,
    replay,
    calls,
    plugins,
    timers,
    schedule: (run: () => void, ms: number) => void timers.push({ run, ms }),
  };
}

describe('analytics', () => {
  it('loads nothing and sends nothing without a key', async () => {
    let loaded = false;
    const analytics = await startAnalytics({
      key: pageAnalyticsKey({}),
      load: async () => {
        loaded = true;
        throw new Error('must not load');
      },
    });
    analytics.track('Anything');
    analytics.setTemporaryUserId('x');
    expect(analytics.enabled).toBe(false);
    expect(loaded).toBe(false);
    expect(pageAnalyticsKey({ __CONTRAIL_AMPLITUDE_KEY__: '  ' })).toBeUndefined();
    expect(pageAnalyticsKey(undefined)).toBeUndefined();
  });

  it('starts with the page key and default tracking, and adds session replay after 200 ms at 0.1', async () => {
    const f = fakeSdks();
    const analytics = await startAnalytics({
      key: pageAnalyticsKey({ __CONTRAIL_AMPLITUDE_KEY__: 'key-123' }),
      load: async () => f,
      schedule: f.schedule,
    });
    expect(analytics.enabled).toBe(true);
    expect(f.calls).toContainEqual(['init', 'key-123', { autocapture: true }]);
    expect(f.calls.some((c) => c[0] === 'add' && String(c[1]).startsWith('replay'))).toBe(false);
    expect(f.timers.map((t) => t.ms)).toEqual([200]);
    f.timers[0]!.run();
    expect(f.calls.at(-1)).toEqual(['add', 'replay@0.1']);
  });

  it('puts platform Site on every event unless the event sets its own', async () => {
    const f = fakeSdks();
    await startAnalytics({ key: 'k', load: async () => f, schedule: f.schedule });
    const enrich = f.plugins.find((p) => p.type === 'enrichment')!;
    expect(await enrich.execute!({ event_type: 'Page viewed' })).toMatchObject({
      event_properties: { platform: 'Site' },
    });
    expect(await enrich.execute!({ event_properties: { platform: 'Extension', a: 1 } })).toMatchObject({
      event_properties: { platform: 'Extension', a: 1 },
    });
  });

  it('sets a temporary user id and restores the one before it', async () => {
    const f = fakeSdks();
    const analytics = await startAnalytics({ key: 'k', load: async () => f, schedule: f.schedule });
    analytics.setTemporaryUserId('demo-1');
    analytics.setTemporaryUserId('demo-2');
    expect(f.sdk.getUserId()).toBe('demo-2');
    analytics.restoreUserId();
    expect(f.sdk.getUserId()).toBe('visitor-1');
    analytics.restoreUserId();
    expect(f.sdk.getUserId()).toBe('visitor-1');
  });

  it('sets, sets once and unsets user properties', async () => {
    const f = fakeSdks();
    const analytics = await startAnalytics({ key: 'k', load: async () => f, schedule: f.schedule });
    analytics.setUserProperties({ plan: 'agency', seats: 3 });
    analytics.setUserPropertiesOnce({ first_seen: '2026-11-22' });
    analytics.unsetUserProperties(['plan']);
    analytics.track('Presentation requested', { language: 'en' });
    expect(f.calls.filter((c) => c[0] === 'identify' || c[0] === 'track')).toEqual([
      [
        'identify',
        [
          ['set', 'plan', 'agency'],
          ['set', 'seats', 3],
        ],
      ],
      ['identify', [['setOnce', 'first_seen', '2026-11-22']]],
      ['identify', [['unset', 'plan']]],
      ['track', 'Presentation requested', { language: 'en' }],
    ]);
  });
});
