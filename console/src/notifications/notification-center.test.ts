import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationCenter } from './notification-center';

describe('notification center timings (product spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const phaseAt = (center: ReturnType<typeof createNotificationCenter>, id: string) =>
    center.getSnapshot().find((notice) => notice.id === id)?.phase ?? 'gone';

  it('fades a success notice out after 4 s and removes it at 5 s', () => {
    const center = createNotificationCenter();
    const id = center.notify({ text: 'Saved', type: 'success' });
    vi.advanceTimersByTime(3_999);
    expect(phaseAt(center, id)).toBe('open');
    vi.advanceTimersByTime(1);
    expect(phaseAt(center, id)).toBe('closing');
    vi.advanceTimersByTime(999);
    expect(phaseAt(center, id)).toBe('closing');
    vi.advanceTimersByTime(1);
    expect(phaseAt(center, id)).toBe('gone');
  });

  it('keeps an error notice for 15 s, then fades it for 1 s', () => {
    const center = createNotificationCenter();
    const id = center.notify({ text: 'Broken', type: 'error' });
    vi.advanceTimersByTime(14_999);
    expect(phaseAt(center, id)).toBe('open');
    vi.advanceTimersByTime(1);
    expect(phaseAt(center, id)).toBe('closing');
    vi.advanceTimersByTime(1_000);
    expect(phaseAt(center, id)).toBe('gone');
  });

  it('never closes a permanent notice by itself', () => {
    const center = createNotificationCenter();
    const id = center.notify({ text: 'Read me', type: 'success', permanent: true });
    vi.advanceTimersByTime(60 * 60 * 1_000);
    expect(phaseAt(center, id)).toBe('open');
  });

  it('fades a notice out over 1 s when its close control is used', () => {
    const center = createNotificationCenter();
    const id = center.notify({ text: 'Read me', type: 'error', permanent: true });
    center.dismiss(id);
    expect(phaseAt(center, id)).toBe('closing');
    vi.advanceTimersByTime(1_000);
    expect(phaseAt(center, id)).toBe('gone');
  });

  it('a second close during the fade does not restart it', () => {
    const center = createNotificationCenter();
    const id = center.notify({ text: 'Saved', type: 'success' });
    center.dismiss(id);
    vi.advanceTimersByTime(600);
    center.dismiss(id);
    vi.advanceTimersByTime(400);
    expect(phaseAt(center, id)).toBe('gone');
  });

  it('stacks notices oldest first and keeps each on its own clock', () => {
    const center = createNotificationCenter();
    const first = center.notify({ text: 'One', type: 'success' });
    vi.advanceTimersByTime(2_000);
    const second = center.notify({ text: 'Two', type: 'error', link: '/bookings?locator=ABC123', linkText: 'Open' });
    expect(center.getSnapshot().map((notice) => notice.text)).toEqual(['One', 'Two']);
    expect(center.getSnapshot()[1]).toMatchObject({ link: '/bookings?locator=ABC123', linkText: 'Open' });
    vi.advanceTimersByTime(3_000);
    expect([phaseAt(center, first), phaseAt(center, second)]).toEqual(['gone', 'open']);
  });

  it('tells subscribers about every change', () => {
    const center = createNotificationCenter();
    const listener = vi.fn();
    const unsubscribe = center.subscribe(listener);
    center.notify({ text: 'Saved', type: 'success' });
    vi.advanceTimersByTime(5_000);
    expect(listener).toHaveBeenCalledTimes(3); // shown, fading, removed
    unsubscribe();
    center.notify({ text: 'Again', type: 'success' });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
