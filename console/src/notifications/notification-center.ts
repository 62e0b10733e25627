// The notification stack's state and clocks, outside React so that startup code (the address's
// `message`/`type`), the query client's error handler and components all feed the same stack.
// It is created once at the edge (main.tsx) and handed to React through NotificationProvider.
import { fadeOutMs, visibleForMs } from './notification-timings';
import type { Notice, NotificationInput } from './notification.types';

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface NotificationCenter {
  /** Shows a notice and returns its id. */
  notify: (input: NotificationInput) => string;
  /** Starts a notice's fade-out (as its close control does); it is removed when the fade ends. */
  dismiss: (id: string) => void;
  /** The notices on screen, oldest first; a new array after every change. */
  getSnapshot: () => readonly Notice[];
  subscribe: (listener: () => void) => () => void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createNotificationCenter(timers: Timers = browserTimers): NotificationCenter {
  let notices: readonly Notice[] = [];
  let lastId = 0;
  const listeners = new Set<() => void>();
  // One pending timer per notice: its auto-close while open, its removal while closing.
  const timersById = new Map<string, unknown>();

  const publish = (next: readonly Notice[]) => {
    notices = next;
    for (const listener of listeners) listener();
  };

  const schedule = (id: string, ms: number, action: () => void) => {
    cancel(id);
    timersById.set(
      id,
      timers.setTimeout(() => {
        timersById.delete(id);
        action();
      }, ms),
    );
  };

  const cancel = (id: string) => {
    if (!timersById.has(id)) return;
    timers.clearTimeout(timersById.get(id));
    timersById.delete(id);
  };

  const remove = (id: string) => {
    cancel(id);
    publish(notices.filter((notice) => notice.id !== id));
  };

  const dismiss = (id: string) => {
    const notice = notices.find((candidate) => candidate.id === id);
    if (!notice || notice.phase === 'closing') return;
    publish(notices.map((candidate) => (candidate.id === id ? { ...candidate, phase: 'closing' } : candidate)));
    schedule(id, fadeOutMs, () => remove(id));
  };

  const notify = (input: NotificationInput) => {
    lastId += 1;
    const id = `notice-${lastId}`;
    const notice: Notice = {
      id,
      text: input.text,
      type: input.type,
      permanent: input.permanent ?? false,
      phase: 'open',
      ...(input.link ? { link: input.link, linkText: input.linkText ?? input.link } : {}),
    };
    publish([...notices, notice]);
    if (!notice.permanent) schedule(id, visibleForMs[notice.type], () => dismiss(id));
    return id;
  };

  return {
    notify,
    dismiss,
    getSnapshot: () => notices,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
