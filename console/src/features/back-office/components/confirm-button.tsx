// A destructive back-office change (archive, delete, remove, disconnect): the button opens a modal
// that says what will happen, and only its own named button does it. A refusal from the API shows
// as the console's error notice and leaves the modal open, so nothing looks done that was not.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';

export function ConfirmButton({
  label,
  ariaLabel,
  title,
  text,
  confirmLabel,
  pending,
  run,
  size = 'xs',
}: {
  label: string;
  /** When the button's label alone does not say what it acts on (one per table row). */
  ariaLabel?: string;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  /** Does the change; calls `done` once it succeeded. */
  run: (done: () => void) => void;
  size?: 'xs' | 'sm';
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} variant="light" color="red" aria-label={ariaLabel} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <ConfirmModal
        opened={opened}
        title={title}
        confirmLabel={confirmLabel}
        color="red"
        loading={pending}
        size="lg"
        onClose={() => setOpened(false)}
        onConfirm={() => run(() => setOpened(false))}
      >
        <Text size="sm">{text}</Text>
      </ConfirmModal>
    </>
  );
}
