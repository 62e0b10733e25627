// "Resend code" (start_sign_in again: a fresh code by email or SMS) and "Call me with the code"
// (send_voice_otp). Both share one wait, started when the first code was sent.
import { useSendVoiceOtp, useStartSignIn } from '@contrail/sdk/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../notifications';
import { useCooldown } from '../use-cooldown';

export const newCodeCooldownSeconds = 30;

export function NewCodeControls({ identity }: { identity: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const cooldown = useCooldown(newCodeCooldownSeconds, true);
  const resend = useStartSignIn({
    mutation: { onSuccess: () => notify({ type: 'success', text: t('auth.code.resent') }) },
  });
  const call = useSendVoiceOtp({
    mutation: { onSuccess: () => notify({ type: 'success', text: t('auth.code.calling') }) },
  });
  const waiting = cooldown.remaining > 0;
  const busy = resend.isPending || call.isPending;

  return (
    <Stack gap={6} align="center">
      <Group gap="xs" justify="center">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={waiting || busy}
          loading={resend.isPending}
          onClick={() => {
            cooldown.start();
            resend.mutate({ data: { identity } });
          }}
        >
          {t('auth.code.resend')}
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={waiting || busy}
          loading={call.isPending}
          onClick={() => {
            cooldown.start();
            call.mutate({ data: { identity } });
          }}
        >
          {t('auth.code.call')}
        </Button>
      </Group>
      <Text size="xs" c="gray.7" aria-live="polite">
        {waiting ? t('auth.code.wait', { seconds: cooldown.remaining }) : '\u00a0'}
      </Text>
    </Stack>
  );
}
