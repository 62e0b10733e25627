// Declining asks why (the traveller wants the original, the conditions, the timing, other) and
// takes an optional note; the reason is what the savings panel counts.
import type { FareWatchDeclineReason } from '@contrail/sdk';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useFareWatchTexts } from '../../../hooks/use-fare-watch-texts';

export const declineReasons: readonly FareWatchDeclineReason[] = [
  'traveller_wants_original',
  'conditions',
  'timing',
  'other',
];

export function DeclineModal({
  locator,
  opened,
  loading,
  onDecline,
  onClose,
}: {
  locator: string;
  opened: boolean;
  loading: boolean;
  onDecline: (reason: FareWatchDeclineReason, note: string) => void;
  onClose: () => void;
}) {
  const { t } = useFareWatchTexts();
  const [reason, setReason] = useState<FareWatchDeclineReason>('traveller_wants_original');
  const [note, setNote] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={t('fareWatch.decline.title', { locator })}
      centered
      closeButtonProps={{ 'aria-label': t('fareWatch.decline.cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDecline(reason, note.trim());
        }}
      >
        <Stack gap="md">
          <Radio.Group label={t('fareWatch.decline.reasonLabel')} value={reason} onChange={(value) => setReason(value)}>
            <Stack gap="xs" mt="xs">
              {declineReasons.map((r) => (
                <Radio key={r} value={r} label={t(`fareWatch.reasons.${r}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('fareWatch.decline.note')}
            maxLength={500}
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('fareWatch.decline.cancel')}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {t('fareWatch.decline.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
