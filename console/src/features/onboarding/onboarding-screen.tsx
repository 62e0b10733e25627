// /onboarding (product spec §4): `initial` → "About you" (names, language) → `privacy` → accept the
// terms of use and the privacy policy → `complete`, then home. The step shown is the account's
// state, so a reload or a second tab lands on the right one.
import { Card, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AboutYouStep } from './components/about-you-step';
import { PrivacyStep } from './components/privacy-step';

export function OnboardingScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('onboarding.title'));
  const account = useCurrentAccount().data;
  if (!account) return null;
  const active = account.onboarding_state === 'initial' ? 0 : 1;

  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Stack gap={4}>
        <Title order={1}>{t('onboarding.title')}</Title>
        <Text c="gray.8">{t('onboarding.lead')}</Text>
      </Stack>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('onboarding.progress')}>
        <Stepper.Step label={t('onboarding.about.step')} description={t('onboarding.stepOf', { step: 1, total: 2 })} />
        <Stepper.Step
          label={t('onboarding.privacy.step')}
          description={t('onboarding.stepOf', { step: 2, total: 2 })}
        />
      </Stepper>
      <Card withBorder padding="xl" data-onboarding-step={account.onboarding_state}>
        {active === 0 ? <AboutYouStep account={account} /> : <PrivacyStep />}
      </Card>
    </Stack>
  );
}
