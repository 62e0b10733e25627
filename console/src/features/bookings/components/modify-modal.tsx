// Correcting a booking (modifyBooking): the contacts go to the airline at once, held or issued;
// a passenger's title and date of birth only before issue, and names never (the airline would
// need a new booking). Only what was changed is sent, and the history records it as before → after.
import type { Booking, BookingModify } from '@contrail/sdk';
import { useModifyBooking } from '@contrail/sdk/react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { useNotify } from '../../../notifications';
import { useBookingCache } from '../use-booking-cache';

const titles = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'] as const;
type Title = (typeof titles)[number];
type PassengerDraft = { id: string; name: string; title: string | null; birthdate: string };

function draftOf(booking: Booking) {
  return {
    email: booking.contacts.email,
    phone: booking.contacts.phone,
    passengers: booking.passengers.map((p): PassengerDraft => ({
      id: p.id,
      name: `${p.first_name} ${p.last_name}`,
      title: p.title,
      birthdate: p.birthdate,
    })),
  };
}

/** The body with only what differs from the booking; null when nothing does. */
function changesOf(booking: Booking, draft: ReturnType<typeof draftOf>): BookingModify | null {
  const contacts: NonNullable<BookingModify['contacts']> = {};
  if (draft.email.trim() !== booking.contacts.email) contacts.email = draft.email.trim();
  if (draft.phone.trim() !== booking.contacts.phone) contacts.phone = draft.phone.trim();
  const passengers = draft.passengers.flatMap((d) => {
    const p = booking.passengers.find((q) => q.id === d.id);
    if (!p) return [];
    const change: { id: string; title?: Title; birthdate?: string } = { id: d.id };
    if (d.title && d.title !== p.title) change.title = d.title as Title;
    if (d.birthdate !== p.birthdate) change.birthdate = d.birthdate;
    return Object.keys(change).length > 1 ? [change] : [];
  });
  if (Object.keys(contacts).length === 0 && passengers.length === 0) return null;
  return {
    locator: booking.locator,
    ...(Object.keys(contacts).length > 0 ? { contacts } : {}),
    ...(passengers.length > 0 ? { passengers } : {}),
  };
}

export function ModifyModal({ booking, opened, onClose }: { booking: Booking; opened: boolean; onClose: () => void }) {
  const { t } = useManageTexts();
  const notify = useNotify();
  const cache = useBookingCache();
  const [draft, setDraft] = useState(() => draftOf(booking));
  const held = booking.status === 'new';
  const modify = useModifyBooking({
    mutation: {
      onSuccess: (changed) => {
        cache.changed(changed);
        notify({ type: 'success', text: t('manage.booking.done', { locator: changed.locator }) });
        onClose();
      },
    },
  });
  const changes = changesOf(booking, draft);
  const setPassenger = (id: string, patch: Partial<PassengerDraft>) =>
    setDraft({ ...draft, passengers: draft.passengers.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  return (
    <ConfirmModal
      opened={opened}
      title={t('manage.booking.title', { locator: booking.locator })}
      confirmLabel={t('manage.booking.save')}
      loading={modify.isPending}
      disabled={changes === null}
      onClose={() => (setDraft(draftOf(booking)), onClose())}
      onConfirm={() => changes && modify.mutate({ data: changes })}
    >
      <Text size="sm">{t(held ? 'manage.booking.leadHeld' : 'manage.booking.leadIssued')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('manage.booking.email')}
          type="email"
          value={draft.email}
          onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
        />
        <TextInput
          label={t('manage.booking.phone')}
          type="tel"
          value={draft.phone}
          onChange={(e) => setDraft({ ...draft, phone: e.currentTarget.value })}
        />
      </SimpleGrid>
      {held &&
        draft.passengers.map((p) => (
          <Stack key={p.id} gap={4}>
            <Text fw={600} size="sm">
              {p.name}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label={t('manage.booking.passengerTitle')}
                aria-label={t('manage.booking.passengerTitleFor', { name: p.name })}
                value={p.title}
                data={titles.map((value) => ({ value, label: t(`manage.booking.titles.${value}`) }))}
                onChange={(v) => setPassenger(p.id, { title: v })}
              />
              <TextInput
                label={t('manage.booking.birthdate')}
                aria-label={t('manage.booking.birthdateFor', { name: p.name })}
                type="date"
                value={p.birthdate}
                onChange={(e) => setPassenger(p.id, { birthdate: e.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        ))}
    </ConfirmModal>
  );
}
