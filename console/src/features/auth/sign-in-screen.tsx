// /sign_in (product spec §2, §4): the login state machine. It starts at `initial` (who are you?).
// start_sign_in answers every identity alike (it must not tell who has an account, or who has a
// password), so the code step follows, and a password holder switches to the password step from
// there. Either step can go back to change the identity.
import type { SignInStarted } from '@contrail/sdk';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContrailLogo } from '../../components/contrail-logo';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { CodeStep } from './components/code-step';
import { IdentityStep } from './components/identity-step';
import { PasswordStep } from './components/password-step';

type Step =
  | { name: 'initial' }
  | { name: 'password'; identity: string }
  | { name: 'otp'; identity: string; codeLength: number; expiresIn: number };

export function SignInScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.signIn'));
  const [identity, setIdentity] = useState('');
  const [step, setStep] = useState<Step>({ name: 'initial' });

  const started = (value: string, answer: SignInStarted) => {
    setIdentity(value);
    setStep({ name: 'otp', identity: value, codeLength: answer.code_length, expiresIn: answer.code_expires_in });
  };
  const back = () => setStep({ name: 'initial' });

  return (
    <Card withBorder shadow="sm" padding="xl" maw={440} mx="auto" mt={{ base: 0, sm: 'xl' }} data-step={step.name}>
      <Stack gap="lg">
        <Group gap="sm">
          <ContrailLogo size={40} />
          <Text fw={700} size="xl">
            {t('app.name')}
          </Text>
        </Group>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('auth.title')}
          </Title>
          {step.name === 'initial' && <Text c="gray.8">{t('auth.identity.lead')}</Text>}
        </Stack>
        {step.name === 'initial' && <IdentityStep initialIdentity={identity} onStarted={started} />}
        {step.name === 'password' && <PasswordStep identity={step.identity} onBack={back} />}
        {step.name === 'otp' && (
          <CodeStep
            identity={step.identity}
            codeLength={step.codeLength}
            expiresIn={step.expiresIn}
            onBack={back}
            onUsePassword={() => setStep({ name: 'password', identity: step.identity })}
          />
        )}
      </Stack>
    </Card>
  );
}
