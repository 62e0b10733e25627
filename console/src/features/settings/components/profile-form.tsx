// The account's names (PUT /account/details).
import type { AccountDetails } from '@contrail/sdk';
import { useUpdateAccountDetails } from '@contrail/sdk/react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useNotify } from '../../notifications';

const fields = ['first_name', 'last_name'] as const;
type Field = (typeof fields)[number];

export function ProfileForm({ account }: { account: AccountDetails }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setAccount = useSetCurrentAccount();
  const [names, setNames] = useState({ first_name: account.first_name, last_name: account.last_name });
  const { errors, setErrors, report, clear } = useFormErrors(fields);
  const update = useUpdateAccountDetails({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (saved) => {
        setAccount(saved);
        notify({ type: 'success', text: t('settings.profile.saved') });
      },
    },
  });
  const unchanged = names.first_name.trim() === account.first_name && names.last_name.trim() === account.last_name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first_name = names.first_name.trim();
    const last_name = names.last_name.trim();
    const missing: Partial<Record<Field, string>> = {
      ...(first_name === '' ? { first_name: t('settings.profile.firstNameRequired') } : {}),
      ...(last_name === '' ? { last_name: t('settings.profile.lastNameRequired') } : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length === 0) update.mutate({ data: { first_name, last_name } });
  };

  const input = (field: Field, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={field}
      autoComplete={autoComplete}
      required
      maxLength={100}
      value={names[field]}
      error={errors[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setNames((previous) => ({ ...previous, [field]: value }));
        clear(field);
      }}
    />
  );

  return (
    <SectionCard title={t('settings.profile.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {input('first_name', t('settings.profile.firstName'), 'given-name')}
            {input('last_name', t('settings.profile.lastName'), 'family-name')}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={unchanged}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
