// Product spec §9: success disappears after 4 s, error after 15 s, permanent ones stay; the fade-out
// takes 1 s. "Disappears after" starts the fade, so a success notice is fully gone at 5 s.
import type { NotificationType } from './notification.types';

export const visibleForMs: Record<NotificationType, number> = {
  success: 4_000,
  error: 15_000,
};

export const fadeOutMs = 1_000;
