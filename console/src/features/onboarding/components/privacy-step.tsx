// Onboarding, second step: the current terms of use and privacy policy versions, accepted
// together. Accepting completes onboarding and opens the console.
import { useAcceptTerms, useGetLegalVersions } from '@contrail/sdk/react';
import { Button, Checkbox, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { navigate } from '../../../lib/router';
import { useNotify } from '../../../notifications';

export function PrivacyStep() {
  const { t } = useTranslation();
  const notify = useNotify();
  const setAccount = useSetCurrentAccount();
  const versions = useGetLegalVersions();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string>();
  const accept = useAcceptTerms({
    mutation: {
      onSuccess: (account) => {
        navigate('/');
        setAccount(account);
        notify({ type: 'success', text: t('onboarding.done') });
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setError(t('onboarding.privacy.required'));
      return;
    }
    if (versions.data) accept.mutate({ data: versions.data });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('onboarding.privacy.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('onboarding.privacy.lead')}
        </Text>
        {versions.data ? (
          <List spacing={4} size="sm">
            <List.Item>{t('onboarding.privacy.terms', { version: versions.data.terms_version })}</List.Item>
            <List.Item>{t('onboarding.privacy.privacy', { version: versions.data.privacy_version })}</List.Item>
          </List>
        ) : (
          <Loader size="sm" aria-label={t('app.loading')} />
        )}
        <Checkbox
          label={t('onboarding.privacy.accept')}
          checked={accepted}
          error={error}
          onChange={(event) => {
            setAccepted(event.currentTarget.checked);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={accept.isPending} disabled={!versions.data}>
            {t('onboarding.privacy.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
