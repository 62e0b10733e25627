// Signs out and returns to / (product spec §2), as a fresh page load: nothing of the account stays
// in memory, and the address carries the "signed out" notice. A session that had already ended
// (401) is signed out all the same.
import { AuthenticationError } from '@contrail/sdk';
import { useSignOut } from '@contrail/sdk/react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNotifyError } from '../../../notifications';

export function SignOutButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const leave = () => {
    const message = encodeURIComponent(t('auth.signedOut'));
    window.location.assign(`/?message=${message}&type=success`);
  };
  const signOut = useSignOut({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: leave,
      onError: (error) => (error instanceof AuthenticationError ? leave() : notifyError(error)),
    },
  });
  return (
    <Button
      variant="default"
      size="compact-sm"
      loading={signOut.isPending}
      title={t('auth.signOutAs', { name })}
      onClick={() => signOut.mutate()}
    >
      {t('auth.signOut')}
    </Button>
  );
}
