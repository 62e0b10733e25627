// Hands the one NotificationCenter to components, and the hooks features use to show notices.
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNotices } from './error-notices';
import type { NotificationCenter } from './notification-center';
import type { Notice, NotificationInput } from './notification.types';

const NotificationContext = createContext<NotificationCenter | null>(null);

export function NotificationProvider({ center, children }: { center: NotificationCenter; children: ReactNode }) {
  return <NotificationContext.Provider value={center}>{children}</NotificationContext.Provider>;
}

export function useNotificationCenter(): NotificationCenter {
  const center = useContext(NotificationContext);
  if (!center) throw new Error('useNotificationCenter needs a NotificationProvider above it');
  return center;
}

/** `notify({ text, type, link?, linkText?, permanent? })` → the notice's id. */
export function useNotify(): (input: NotificationInput) => string {
  return useNotificationCenter().notify;
}

/** `notifyError(error)`: one error notice per API error item, or the server-problem notice. */
export function useNotifyError(): (error: unknown) => void {
  const { notify } = useNotificationCenter();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      for (const notice of errorNotices(error, t('notifications.serverProblem'))) notify(notice);
    },
    [notify, t],
  );
}

export function useNotices(): readonly Notice[] {
  const center = useNotificationCenter();
  return useSyncExternalStore(center.subscribe, center.getSnapshot, center.getSnapshot);
}
