// The signed-in person's notification centre: the newest page (unread first), polled so the bell's
// count follows, and read again when the interface language changes (the API writes the texts in
// the account's language, which the language switch saves). A notification that arrives while the
// console is open is also shown once on the notice stack (product spec §2), an alert as an error.
import type { Notification } from '@contrail/sdk';
import { getListNotificationsQueryKey, useListNotifications } from '@contrail/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { useNotify } from '../../notifications';

export const inboxPageSize = 20;
const pollMs = 20_000;

export function useInbox() {
  const query = useListNotifications(
    { per_page: inboxPageSize },
    { query: { refetchInterval: pollMs, meta: { silentErrors: true } } },
  );
  const queryClient = useQueryClient();
  const [language] = useLanguage();
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language === firstLanguage.current) return;
    firstLanguage.current = language;
    void queryClient.invalidateQueries({ queryKey: getListNotificationsQueryKey() });
  }, [language, queryClient]);
  useNoticesForNew(query.data?.data);
  return query;
}

/** Shows each notification that arrives after the first load once on the notice stack. */
function useNoticesForNew(items: readonly Notification[] | undefined) {
  const { t } = useTranslation();
  const notify = useNotify();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      // What was there when the console opened is the bell's business, not news.
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    for (const n of items) {
      if (seen.current.has(n.id)) continue;
      seen.current.add(n.id);
      if (n.read_at !== null) continue;
      notify({
        text: n.title,
        type: n.severity === 'alert' ? 'error' : 'success',
        ...(n.link ? { link: n.link, linkText: t('inbox.open') } : {}),
      });
    }
  }, [items, notify, t]);
}
