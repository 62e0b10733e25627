// Changing the email or the phone takes two steps (POST /account/email, /account/phone): the new
// address gets a 6-digit code (202), and the change is made when that code comes back (200).
import type { AccountDetails } from '@contrail/sdk';
import { useChangeEmail, useChangePhone } from '@contrail/sdk/react';
import { Anchor, Button, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useSetCurrentAccount } from '../../../hooks/use-current-account';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useNotify } from '../../../notifications';

const fields = ['value', 'code'] as const;
const codeLength = 6;

type Kind = 'email' | 'phone';

export function ContactChangeForm({ kind, current }: { kind: Kind; current: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setAccount = useSetCurrentAccount();
  const codeLabelId = useId();
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, setErrors, report, clear } = useFormErrors(fields);

  const options = {
    mutation: {
      meta: { silentErrors: true },
      onError: report,
      onSuccess: (answer: unknown, { data }: { data: { value: string; code?: string } }) => {
        if (data.code === undefined) {
          setSentTo(data.value);
          setCode('');
          notify({ type: 'success', text: t('settings.contact.codeSent', { value: data.value }) });
          return;
        }
        setAccount(answer as AccountDetails);
        setSentTo(null);
        setValue('');
        setCode('');
        notify({ type: 'success', text: t(`settings.${kind}.changed`) });
      },
    },
  };
  const changeEmail = useChangeEmail(options);
  const changePhone = useChangePhone(options);
  const change = kind === 'email' ? changeEmail : changePhone;

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next === '') {
      setErrors({ value: t(`settings.${kind}.required`) });
      return;
    }
    change.mutate({ data: { value: next } });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (sentTo === null) return;
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: t('settings.contact.codeIncomplete', { length: codeLength }) });
      return;
    }
    change.mutate({ data: { value: sentTo, code } });
  };

  const cancel = () => {
    setSentTo(null);
    setCode('');
    setErrors({});
  };

  return (
    <SectionCard
      title={t(`settings.${kind}.title`)}
      lead={current ? t(`settings.${kind}.current`, { value: current }) : t(`settings.${kind}.none`)}
    >
      {sentTo === null ? (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="md">
            <TextInput
              label={t(`settings.${kind}.new`)}
              type={kind === 'email' ? 'email' : 'tel'}
              name={kind}
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              maxLength={254}
              value={value}
              error={errors.value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                clear('value');
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                {t('settings.contact.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={confirm} noValidate>
          <Stack gap="md">
            <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              {t('settings.contact.enterCode', { length: codeLength, value: sentTo })}
            </Text>
            <Stack gap={6}>
              <Input.Label id={codeLabelId} required>
                {t('settings.contact.code')}
              </Input.Label>
              <PinInput
                role="group"
                aria-labelledby={codeLabelId}
                length={codeLength}
                type="number"
                gap={6}
                autoFocus
                value={code}
                error={errors.code !== undefined}
                onChange={(next) => {
                  setCode(next);
                  clear('code');
                }}
                getInputProps={(index) => ({
                  'aria-label': t('codeInput.digit', { position: index + 1, length: codeLength }),
                })}
              />
              {errors.code && <Input.Error>{errors.code}</Input.Error>}
            </Stack>
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                {t('settings.contact.confirm')}
              </Button>
            </Group>
            <Group gap="md">
              <Anchor component="button" type="button" size="sm" onClick={cancel}>
                {t('settings.contact.cancel')}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                disabled={change.isPending}
                onClick={() => change.mutate({ data: { value: sentTo } })}
              >
                {t('settings.contact.resend')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
