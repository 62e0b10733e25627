// The account's names (PUT /account/details).
import type { AccountDetails } from '@contrail/sdk';
import { useUpdateAccountDetails } from '@contrail/sdk/react';
import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNames, NameFields, type NameField } from '../../../components/name-fields';
import { SectionCard } from '../../../components/section-card';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useNotify } from '../../../notifications';

const fields = ['first_name', 'last_name'] as const;

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
    const { trimmed, missing, ok } = checkNames(names, t, 'settings.profile');
    setErrors(missing);
    if (ok) update.mutate({ data: trimmed });
  };

  const changeName = (field: NameField, value: string) => {
    setNames((previous) => ({ ...previous, [field]: value }));
    clear(field);
  };

  return (
    <SectionCard title={t('settings.profile.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NameFields names={names} errors={errors} keyPrefix="settings.profile" onChange={changeName} />
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
