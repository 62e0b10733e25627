// A signing secret, shown this once (after creation or a rotation): copy it now, it cannot be shown
// again.
import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function NewSecret({ secret, rotated, onDone }: { secret: string; rotated?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-new-secret>
      <Alert color="orange" variant="light" title={t('webhooks.secret.warningTitle')}>
        {t(rotated ? 'webhooks.secret.rotatedWarning' : 'webhooks.secret.warning')}
      </Alert>
      <Code
        block
        data-secret
        aria-label={t('webhooks.secret.label')}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret} timeout={2_000}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {t('webhooks.secret.done')}
        </Button>
      </Group>
    </Stack>
  );
}
