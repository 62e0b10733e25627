// Step `initial`: the email or phone. The API answers the same for unknown identities, so this
// step never says whether an account exists; it only learns which step comes next.
import type { SignInStarted } from '@contrail/sdk';
import { useStartSignIn } from '@contrail/sdk/react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../hooks/use-form-errors';

const fields = ['identity'] as const;

export function IdentityStep({
  initialIdentity,
  onStarted,
}: {
  initialIdentity: string;
  onStarted: (identity: string, answer: SignInStarted) => void;
}) {
  const { t } = useTranslation();
  const [identity, setIdentity] = useState(initialIdentity);
  const { errors, setErrors, report, clear } = useFormErrors(fields);
  const start = useStartSignIn({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (answer, { data }) => onStarted(data.identity, answer),
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = identity.trim();
    if (value === '') {
      setErrors({ identity: t('auth.identity.required') });
      return;
    }
    start.mutate({ data: { identity: value } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.identity.label')}
          description={t('auth.identity.description')}
          name="identity"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          value={identity}
          error={errors.identity}
          onChange={(event) => {
            setIdentity(event.currentTarget.value);
            clear('identity');
          }}
        />
        <Button type="submit" loading={start.isPending} fullWidth>
          {t('auth.identity.continue')}
        </Button>
      </Stack>
    </form>
  );
}
