// "Signing in as name@agency.com · Use another email or phone": shown on the password and code steps.
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function IdentitySummary({ identity, onBack }: { identity: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
        {t('auth.signingInAs')}{' '}
        <Text span fw={600} c="gray.9">
          {identity}
        </Text>
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        {t('auth.useAnother')}
      </Anchor>
    </Group>
  );
}
