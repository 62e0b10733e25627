// Step `password`. A wrong password answers 401 "Invalid credentials. Enter current credentials."
// and repeated failures 429; both reach the person as error notices (product spec §8).
import { useSignIn } from '@contrail/sdk/react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishSignIn } from '../use-finish-sign-in';
import { IdentitySummary } from './identity-summary';

export function PasswordStep({ identity, onBack }: { identity: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const finish = useFinishSignIn();
  const signIn = useSignIn({ mutation: { onSuccess: finish } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('auth.password.required'));
      return;
    }
    signIn.mutate({ data: { identity, password } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <IdentitySummary identity={identity} onBack={onBack} />
        {/* Lets password managers save the identity together with the password. */}
        <input type="text" name="username" autoComplete="username" value={identity} readOnly hidden />
        <PasswordInput
          label={t('auth.password.label')}
          name="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
  );
}
