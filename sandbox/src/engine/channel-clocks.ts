// Each channel credential's own sandbox time. The sandbox is shared by every agency, so one
// developer moving time must not move it for another: a credential's time is the sandbox clock
// plus the credential's own offset, and never earlier than its floor (the moment it was reset
// from, so a reset never takes its orders back before moments they recorded).
//
// The engine reads one Clock; `scoped` answers the time of the credential whose message is being
// handled (an AsyncLocalStorage scope entered per request, and per order by the tick), and the
// sandbox clock itself outside any scope. Settings arrive whole with a version (the API keeps the
// sum in PostgreSQL and may deliver concurrent moves out of order): an older version changes nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from './clock.js';

export interface ChannelClockSetting {
  readonly credential: string;
  /** How far ahead of the sandbox clock this credential runs, in ms (never negative). */
  readonly offsetMs: number;
  /** The earliest moment its time may read (epoch ms), or null. */
  readonly floorMs: number | null;
  /** Only a higher version replaces a setting. */
  readonly version: number;
}

export interface ChannelClocks {
  /** The sandbox clock that every credential's time runs from. */
  readonly base: Clock;
  /** The time of the credential in scope (or the sandbox clock outside any). */
  readonly scoped: Clock;
  nowFor(credential: string): Date;
  /** The credential's offset: its order moments are due when the sandbox clock reaches them minus this. */
  offsetOf(credential: string): number;
  settingOf(credential: string): ChannelClockSetting;
  /** Takes the setting unless a newer one is in place; answers whether it did. */
  apply(setting: ChannelClockSetting): boolean;
  /** Runs `fn` with `credential`'s time as `scoped`. */
  within<T>(credential: string, fn: () => T): T;
  all(): ChannelClockSetting[];
}

export function createChannelClocks(base: Clock, saved: readonly ChannelClockSetting[] = []): ChannelClocks {
  const settings = new Map(saved.map((s) => [s.credential, s]));
  const scope = new AsyncLocalStorage<string>();
  const nowFor = (credential: string) => {
    const setting = settings.get(credential);
    const at = base.now().getTime() + (setting?.offsetMs ?? 0);
    return new Date(Math.max(at, setting?.floorMs ?? at));
  };
  return {
    base,
    scoped: {
      now() {
        const credential = scope.getStore();
        return credential === undefined ? base.now() : nowFor(credential);
      },
    },
    nowFor,
    offsetOf: (credential) => settings.get(credential)?.offsetMs ?? 0,
    settingOf: (credential) => settings.get(credential) ?? { credential, offsetMs: 0, floorMs: null, version: 0 },
    apply(setting) {
      if ((settings.get(setting.credential)?.version ?? 0) >= setting.version) return false;
      settings.set(setting.credential, setting);
      return true;
    },
    within: (credential, fn) => scope.run(credential, fn),
    all: () => [...settings.values()],
  };
}
