// Product analytics and session replay (product spec §9) behind one small module. Nothing loads
// and nothing is sent unless the page sets a key (window.__CONTRAIL_AMPLITUDE_KEY__): the SDKs
// are dynamic imports, so a page without a key never downloads them. With a key: default tracking
// on, `platform` = 'Site' on every event that does not set its own, session replay added 200 ms
// after start with a sample rate of 0.1.

/** The part of @amplitude/analytics-browser this module uses; tests hand in their own. */
export interface AnalyticsSdk {
  init(apiKey: string, options?: { autocapture?: boolean }): { promise: Promise<void> };
  add(plugin: unknown): { promise: Promise<void> };
  track(name: string, properties?: Record<string, unknown>): unknown;
  setUserId(userId: string | undefined): void;
  getUserId(): string | undefined;
  identify(identify: IdentifyBuilder): unknown;
  Identify: new () => IdentifyBuilder;
}

export interface IdentifyBuilder {
  set(property: string, value: UserPropertyValue): IdentifyBuilder;
  setOnce(property: string, value: UserPropertyValue): IdentifyBuilder;
  unset(property: string): IdentifyBuilder;
}

export type UserPropertyValue = string | number | boolean | string[] | number[];

export interface ReplaySdk {
  sessionReplayPlugin(options: { sampleRate: number }): unknown;
}

export interface Analytics {
  /** False when no key was set: every call below then does nothing. */
  readonly enabled: boolean;
  track(name: string, properties?: Record<string, unknown>): void;
  /** Uses `userId` until restoreUserId(); the user id in force before is kept. */
  setTemporaryUserId(userId: string): void;
  restoreUserId(): void;
  setUserProperties(properties: Record<string, UserPropertyValue>): void;
  setUserPropertiesOnce(properties: Record<string, UserPropertyValue>): void;
  unsetUserProperties(names: string[]): void;
}

export const analyticsSettings = { platform: 'Site', replayDelayMs: 200, replaySampleRate: 0.1 } as const;

declare global {
  interface Window {
    __CONTRAIL_AMPLITUDE_KEY__?: string;
  }
}

/**
 * The key the page was given: the API writes the configured ANALYTICS_KEY into a
 * `<meta name="contrail-analytics-key">` (a page may also set window.__CONTRAIL_AMPLITUDE_KEY__).
 * A blank one counts as none.
 */
export function pageAnalyticsKey(
  win: (Pick<Window, '__CONTRAIL_AMPLITUDE_KEY__'> & { document?: Pick<Document, 'querySelector'> }) | undefined,
): string | undefined {
  const meta = win?.document?.querySelector<HTMLMetaElement>('meta[name="contrail-analytics-key"]')?.content;
  const key = meta || win?.__CONTRAIL_AMPLITUDE_KEY__;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

/** Where the cookie notice keeps the visitor's choice; only "accepted" lets analytics load. */
export const consentKey = 'contrail_cookie_consent';
/** Sent on the window when the visitor accepts, so a page that is open starts analytics at once. */
export const consentEvent = 'contrail:cookie-consent';

export function hasConsent(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(consentKey) === 'accepted';
  } catch {
    return false;
  }
}

/**
 * Starts analytics once the visitor has accepted cookies: at once when they did before, else when
 * they accept on this page. Until then nothing is loaded and nothing is sent.
 */
export function startAnalyticsAfterConsent(win: Window & typeof globalThis): void {
  const key = pageAnalyticsKey(win);
  if (!key) return;
  const start = () =>
    void startAnalytics({ key }).catch((error: unknown) => console.error('analytics did not start', error));
  if (hasConsent(win.localStorage)) return start();
  win.addEventListener(consentEvent, () => hasConsent(win.localStorage) && start(), { once: true });
}

const noAnalytics: Analytics = {
  enabled: false,
  track: () => undefined,
  setTemporaryUserId: () => undefined,
  restoreUserId: () => undefined,
  setUserProperties: () => undefined,
  setUserPropertiesOnce: () => undefined,
  unsetUserProperties: () => undefined,
};

async function loadSdks(): Promise<{ sdk: AnalyticsSdk; replay: ReplaySdk }> {
  const [sdk, replay] = await Promise.all([
    import('@amplitude/analytics-browser'),
    import('@amplitude/plugin-session-replay-browser'),
  ]);
  return { sdk: sdk as unknown as AnalyticsSdk, replay: replay as unknown as ReplaySdk };
}

export async function startAnalytics(options: {
  key: string | undefined;
  load?: () => Promise<{ sdk: AnalyticsSdk; replay: ReplaySdk }>;
  schedule?: (run: () => void, ms: number) => void;
}): Promise<Analytics> {
  if (!options.key) return noAnalytics;
  const { sdk, replay } = await (options.load ?? loadSdks)();
  const schedule = options.schedule ?? ((run, ms) => void setTimeout(run, ms));

  // An enrichment plugin sees every event before it is sent, autocaptured ones included.
  sdk.add({
    name: 'contrail-platform',
    type: 'enrichment',
    execute: async (event: { event_properties?: Record<string, unknown> }) => {
      event.event_properties = { platform: analyticsSettings.platform, ...event.event_properties };
      return event;
    },
  });
  sdk.init(options.key, { autocapture: true });
  schedule(
    () => void sdk.add(replay.sessionReplayPlugin({ sampleRate: analyticsSettings.replaySampleRate })),
    analyticsSettings.replayDelayMs,
  );

  let saved: { userId: string | undefined } | null = null;
  const identify = (build: (builder: IdentifyBuilder) => void) => {
    const builder = new sdk.Identify();
    build(builder);
    sdk.identify(builder);
  };
  return {
    enabled: true,
    track: (name, properties) => void sdk.track(name, properties),
    setTemporaryUserId(userId) {
      // A second temporary id still restores the one from before the first.
      saved ??= { userId: sdk.getUserId() };
      sdk.setUserId(userId);
    },
    restoreUserId() {
      if (!saved) return;
      sdk.setUserId(saved.userId);
      saved = null;
    },
    setUserProperties: (properties) =>
      identify((b) => Object.entries(properties).forEach(([name, value]) => b.set(name, value))),
    setUserPropertiesOnce: (properties) =>
      identify((b) => Object.entries(properties).forEach(([name, value]) => b.setOnce(name, value))),
    unsetUserProperties: (names) => identify((b) => names.forEach((name) => b.unset(name))),
  };
}
