// Services and seats: the airline's list for this booking now (bags, seats, other services, each
// fetched when its tab opens), the agent's choice, then a review saying what happens and for how
// much. Before issue the airline prices them into the booking (paid with the tickets); after issue
// they become EMDs issued in the background, whose progress the booking shows.
import type { AncillaryType, Booking } from '@contrail/sdk';
import { useAddBookingAncillaries, useListBookingAncillaries } from '@contrail/sdk/react';
import { Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { cartTotal, type Cart } from '../ancillary-cart';
import { useBookingCache } from '../use-booking-cache';
import { useActionFailed } from '../use-booking-outcomes';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';
import { SeatPicker } from './seat-picker';
import { ServicePicker } from './service-picker';

const types: AncillaryType[] = ['bags', 'seats', 'other'];

export function AncillariesModal({
  booking,
  opened,
  onClose,
}: {
  booking: Booking;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const cache = useBookingCache();
  const failed = useActionFailed(booking.locator);
  const [type, setType] = useState<AncillaryType>('bags');
  const [cart, setCart] = useState<Cart>(new Map());
  const [reviewing, setReviewing] = useState(false);
  const close = () => {
    setCart(new Map());
    setReviewing(false);
    onClose();
  };
  const add = useAddBookingAncillaries({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (updated) => {
        cache.changed(updated);
        notify({
          type: 'success',
          text: updated.async_emd_issue
            ? t('bookings.ancillaries.emdsRequested', { locator: updated.locator })
            : t('bookings.ancillaries.priced', {
                locator: updated.locator,
                price: formatMoney(updated.price, language),
              }),
        });
        close();
      },
      onError: (error) => {
        failed(error);
        setReviewing(false);
      },
    },
  });
  const total = cartTotal(cart, booking.price.currency);
  const issued = booking.status === 'issued';
  const title = t('bookings.ancillaries.title', { locator: booking.locator });

  if (reviewing)
    return (
      <ConfirmModal
        opened={opened}
        title={title}
        confirmLabel={t('bookings.ancillaries.confirm', { amount: formatMoney(total, language) })}
        loading={add.isPending}
        onConfirm={() =>
          add.mutate({ locator: booking.locator, data: { items: [...cart.values()].map((entry) => entry.item) } })
        }
        onClose={() => setReviewing(false)}
      >
        <Text size="sm">{issued ? t('bookings.ancillaries.afterIssue') : t('bookings.ancillaries.beforeIssue')}</Text>
        <Stack gap={4}>
          {[...cart.values()].map((entry) => (
            <AmountLine
              key={entry.label}
              label={entry.label}
              value={entry.price ? formatMoney(entry.price, language) : t('bookings.ancillaries.freeSeat')}
            />
          ))}
          <AmountLine label={t('bookings.ancillaries.total')} value={formatMoney(total, language)} strong />
        </Stack>
      </ConfirmModal>
    );
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      size="xl"
      confirmLabel={t('bookings.ancillaries.review', { count: cart.size })}
      disabled={cart.size === 0}
      loading={false}
      onConfirm={() => setReviewing(true)}
      onClose={close}
    >
      <Tabs value={type} onChange={(value) => setType(types.find((v) => v === value) ?? 'bags')} keepMounted={false}>
        <Tabs.List mb="md">
          {types.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`bookings.ancillaries.types.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {types.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <AncillaryList booking={booking} type={name} cart={cart} onChange={setCart} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {cart.size > 0 && (
        <AmountLine label={t('bookings.ancillaries.total')} value={formatMoney(total, language)} strong />
      )}
    </ConfirmModal>
  );
}

function AncillaryList({
  booking,
  type,
  cart,
  onChange,
}: {
  booking: Booking;
  type: AncillaryType;
  cart: Cart;
  onChange: (cart: Cart) => void;
}) {
  const { t } = useTranslation();
  const list = useListBookingAncillaries(booking.locator, { type });
  if (!list.data)
    return list.isError ? (
      <Text size="sm" c="gray.7">
        {t('bookings.ancillaries.unavailable')}
      </Text>
    ) : (
      <Center py="md">
        <Loader size="sm" aria-label={t('bookings.ancillaries.loading')} />
      </Center>
    );
  return type === 'seats' ? (
    <SeatPicker booking={booking} seatMaps={list.data.seat_maps} cart={cart} onChange={onChange} />
  ) : (
    <ServicePicker booking={booking} services={list.data.services} cart={cart} onChange={onChange} />
  );
}
