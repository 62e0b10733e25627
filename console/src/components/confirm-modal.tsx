// Every booking action and every destructive back-office change asks first: a modal saying what
// will happen (and for how much), with the action's own button (named after it, so nobody confirms
// the wrong thing) and a way back.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmModal({
  opened,
  title,
  confirmLabel,
  color,
  loading,
  disabled,
  onConfirm,
  onClose,
  size = 'lg',
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Wider for choices laid out as tables. */
  size?: 'lg' | 'xl';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': t('bookings.confirm.close') }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('bookings.confirm.back')}
          </Button>
          <Button color={color} loading={loading} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One "label: value" line of what an action costs or returns. */
export function AmountLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <span>{label}</span>
      <span style={{ fontWeight: strong ? 700 : 500 }}>{value}</span>
    </Group>
  );
}
