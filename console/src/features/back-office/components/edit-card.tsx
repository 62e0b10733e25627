// A card's expiry and holder, changed in a modal (staff); the number cannot change: a new number
// is a new card.
import type { CreditCard } from '@contrail/sdk';
import { useUpdateCreditCard } from '@contrail/sdk/react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { useBackOfficeRole, useSaved } from '../use-back-office';
import { CardFields, type CardDraft } from './card-fields';

export function EditCard({ card }: { card: CreditCard }) {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  const saved = useSaved();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<CardDraft>({ ...card, number: '' });
  const update = useUpdateCreditCard({ mutation: { onSuccess: () => (setOpened(false), saved()) } });
  if (!role.staff) return null;
  const name = `${card.brand} •••• ${card.last4}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { exp_month, exp_year, holder } = draft;
    update.mutate({ id: card.id, data: { exp_month, exp_year, holder: holder.trim() } });
  };
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        aria-label={t('manage.card.editFor', { card: name })}
        onClick={() => (setDraft({ ...card, number: '' }), setOpened(true))}
      >
        {t('manage.edit')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('manage.card.editTitle', { card: name })}
        centered
        closeButtonProps={{ 'aria-label': t('bookings.confirm.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group gap="sm" align="flex-end">
              <CardFields draft={draft} onChange={setDraft} />
            </Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('manage.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('manage.card.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
