// Who runs an agency's webhooks: its supervisors, and staff. Everyone else is shown one sentence
// instead of screens whose every call the API would refuse.
import { useCurrentAccount } from '../../hooks/use-current-account';

export type WebhooksAccess = 'pending' | 'allowed' | 'denied';

export function useWebhooksAccess(): WebhooksAccess {
  const account = useCurrentAccount().data;
  if (!account) return 'pending';
  const allowed =
    account.user_type === 'Supervisor' || account.user_type === 'Admin' || account.user_type === 'Support';
  return allowed ? 'allowed' : 'denied';
}
