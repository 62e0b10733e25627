// How the account signs in (POST /account/complete): a one-time code by email or SMS, or a
// password of at least 10 characters. Choosing password (or changing it) needs the new password.
import type { AccountDetails, AuthMethod } from '@contrail/sdk';
import { useCompleteAccount } from '@contrail/sdk/react';
import { Button, Group, PasswordInput, Radio, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useNotify } from '../../../notifications';

const fields = ['auth_method', 'password'] as const;
export const minPasswordLength = 10;

export function SignInMethodForm({ account }: { account: AccountDetails }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setAccount = useSetCurrentAccount();
  const [method, setMethod] = useState<AuthMethod>(account.auth_method);
  const [password, setPassword] = useState('');
  const { errors, setErrors, report, clear } = useFormErrors(fields);
  const complete = useCompleteAccount({
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (saved) => {
        setAccount(saved);
        setPassword('');
        notify({ type: 'success', text: t('settings.signIn.saved') });
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'otp') {
      complete.mutate({ data: { auth_method: 'otp' } });
      return;
    }
    if (password.length < minPasswordLength) {
      setErrors({ password: t('settings.signIn.passwordTooShort', { length: minPasswordLength }) });
      return;
    }
    complete.mutate({ data: { auth_method: 'password', password } });
  };

  const hasPassword = account.auth_method === 'password';
  const unchanged = method === account.auth_method && (method === 'otp' || password === '');

  return (
    <SectionCard title={t('settings.signIn.title')} lead={t('settings.signIn.lead')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('settings.signIn.method')}
            value={method}
            error={errors.auth_method}
            onChange={(value) => {
              setMethod(value);
              clear('auth_method');
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="otp" label={t('settings.signIn.otp')} />
              <Radio value="password" label={t('settings.signIn.password')} />
            </Stack>
          </Radio.Group>
          {method === 'password' && (
            <PasswordInput
              label={t('settings.signIn.newPassword')}
              description={t(hasPassword ? 'settings.signIn.passwordHintKeep' : 'settings.signIn.passwordHint', {
                length: minPasswordLength,
              })}
              name="new-password"
              autoComplete="new-password"
              required={!hasPassword}
              maxLength={200}
              value={password}
              error={errors.password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                clear('password');
              }}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={complete.isPending} disabled={unchanged}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
