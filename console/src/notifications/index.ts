// The notifications boundary. Every feature may show notices, so this is the one feature others
// import, and only through this file.
export { NotificationStack } from './components/notification-stack';
export { errorNotices } from './error-notices';
export { createNotificationCenter, type NotificationCenter, type Timers } from './notification-center';
export {
  NotificationProvider,
  useNotices,
  useNotificationCenter,
  useNotify,
  useNotifyError,
} from './notification-context';
export { takeNotificationFromUrl } from './notification-from-url';
export { fadeOutMs, visibleForMs } from './notification-timings';
export { isNotificationType, type Notice, type NotificationInput, type NotificationType } from './notification.types';
