// One notice. Errors are `role="alert"` (read out at once), successes `role="status"` (read out
// politely); `data-type` and `data-state` let styles and tests tell them apart.
import { Anchor, Notification, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isInAppPath, linkProps } from '../../lib/router';
import type { Notice } from '../notification.types';
import classes from './notification-stack.module.css';

const colors = { success: 'teal.8', error: 'red.8' } as const;

export function NotificationCard({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notification
      className={classes.notice}
      role={notice.type === 'error' ? 'alert' : 'status'}
      data-type={notice.type}
      data-state={notice.phase}
      data-permanent={notice.permanent || undefined}
      color={colors[notice.type]}
      withBorder
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      <Text component="span" size="sm" className={classes.text}>
        {notice.text}
      </Text>
      {notice.link && (
        <>
          {' '}
          <Anchor size="sm" fw={600} {...(isInAppPath(notice.link) ? linkProps(notice.link) : { href: notice.link })}>
            {notice.linkText}
          </Anchor>
        </>
      )}
    </Notification>
  );
}
