// The stack of notices (product spec §2). Rendered once, by the app, outside the routed screens.
import { useTranslation } from 'react-i18next';
import { useNotices, useNotificationCenter } from '../notification-context';
import { NotificationCard } from './notification-card';
import classes from './notification-stack.module.css';

export function NotificationStack() {
  const notices = useNotices();
  const { dismiss } = useNotificationCenter();
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <section className={classes.stack} aria-label={t('notifications.region')}>
      {notices.map((notice) => (
        <NotificationCard key={notice.id} notice={notice} onClose={() => dismiss(notice.id)} />
      ))}
    </section>
  );
}
