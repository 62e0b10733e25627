// Where an invite's link lands: accepting makes the account; the new user then signs in by a code
// sent to the invited email.
import { useAcceptAgencyInvite } from '@contrail/sdk/react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linkProps } from '../../lib/router';

export function AcceptInviteScreen() {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const accept = useAcceptAgencyInvite();
  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>{t('agencyUsers.accept.title')}</Title>
      {accept.isSuccess ? (
        <Alert color="green">
          <Text>{t('agencyUsers.accept.done', { email: accept.data.email })}</Text>
          <Button mt="sm" {...linkProps('/sign_in')} component="a">
            {t('nav.signIn')}
          </Button>
        </Alert>
      ) : (
        <>
          <Text>{t('agencyUsers.accept.lead')}</Text>
          <Button onClick={() => accept.mutate({ data: { token } })} loading={accept.isPending} disabled={!token}>
            {t('agencyUsers.accept.submit')}
          </Button>
        </>
      )}
    </Stack>
  );
}
