// Onboarding, first step: the names the agency and its customers will see, and the language. The
// language switches the interface at once, so the rest of onboarding is read in it.
import type { AccountDetails } from '@contrail/sdk';
import { useStartOnboarding } from '@contrail/sdk/react';
import { Button, Group, Input, SegmentedControl, Stack, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNames, NameFields, type NameField } from '../../../components/name-fields';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { languages, nativeNames, toIntlLocale, useLanguage } from '../../../lib/i18n';

const fields = ['first_name', 'last_name', 'language'] as const;

export function AboutYouStep({ account }: { account: AccountDetails }) {
  const { t } = useTranslation();
  const languageLabel = useId();
  const [language, setLanguage] = useLanguage();
  const [names, setNames] = useState({ first_name: account.first_name, last_name: account.last_name });
  const { errors, setErrors, report, clear } = useFormErrors(fields);
  const setAccount = useSetCurrentAccount();
  const start = useStartOnboarding({
    mutation: { meta: { silentErrors: true }, onError: report, onSuccess: setAccount },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { trimmed, missing, ok } = checkNames(names, t, 'onboarding.about');
    setErrors(missing);
    if (ok) start.mutate({ data: { ...trimmed, language } });
  };

  const changeName = (field: NameField, value: string) => {
    setNames((previous) => ({ ...previous, [field]: value }));
    clear(field);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('onboarding.about.title')}
        </Title>
        <NameFields names={names} errors={errors} keyPrefix="onboarding.about" onChange={changeName} />
        <Stack gap={4}>
          <Input.Label id={languageLabel}>{t('onboarding.about.language')}</Input.Label>
          <SegmentedControl
            aria-labelledby={languageLabel}
            fullWidth
            value={language}
            onChange={(value) => setLanguage(value)}
            data={languages.map((code) => ({
              value: code,
              label: <span lang={toIntlLocale(code)}>{nativeNames[code]}</span>,
            }))}
          />
          {errors.language && <Input.Error>{errors.language}</Input.Error>}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending}>
            {t('onboarding.about.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
