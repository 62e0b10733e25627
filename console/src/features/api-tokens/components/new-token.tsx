// The new token, shown this once: copy it now, it cannot be shown again.
import type { CreatedApiToken } from '@contrail/sdk';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { ModeBadge } from './mode-badge';

export function NewToken({ token, details, onDone }: { token: string; details: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('apiTokens.new.title')}>
      <Stack gap="md" data-new-token>
        <Alert color="orange" variant="light" title={t('apiTokens.new.warningTitle')}>
          {t('apiTokens.new.warning')}
        </Alert>
        <Group gap="xs">
          <ModeBadge mode={details.mode} />
          {details.name && (
            <Text size="sm" fw={600}>
              {details.name}
            </Text>
          )}
        </Group>
        <Code
          block
          data-token
          aria-label={t('apiTokens.new.tokenLabel')}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {token}
        </Code>
        <Group justify="space-between">
          <CopyButton value={token} timeout={2_000}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('apiTokens.new.copied') : t('apiTokens.new.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            {t('apiTokens.new.done')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
