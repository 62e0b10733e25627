// The product's notification (product spec §3): text, type, optional link with its text, permanent.

export const notificationTypes = ['success', 'error'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export interface NotificationInput {
  text: string;
  type: NotificationType;
  /** Where the notice's link goes: an in-app path (`/bookings?locator=ABC123`) or a full URL. */
  link?: string;
  /** The link's text; the link itself is shown when it is missing. */
  linkText?: string;
  /** A permanent notice stays until its close control is used. */
  permanent?: boolean;
}

/** `open` while readable; `closing` during the fade-out, after which the notice is removed. */
export type NoticePhase = 'open' | 'closing';

export interface Notice extends Required<Pick<NotificationInput, 'text' | 'type' | 'permanent'>> {
  id: string;
  link?: string;
  linkText?: string;
  phase: NoticePhase;
}

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (notificationTypes as readonly string[]).includes(value);
}
