// The booking page's support section: the booking's cases (a link to each) and, for the agency's
// side, a way to ask support about this booking.
import type { Booking } from '@contrail/sdk';
import { useListSupportCases } from '@contrail/sdk/react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { linkProps } from '../../../lib/router';

export function BookingSupportSection({ booking }: { booking: Booking }) {
  const { t } = useSupportTexts();
  const account = useCurrentAccount().data;
  const staff = account?.user_type === 'Admin' || account?.user_type === 'Support';
  const cases = useListSupportCases({ locator: booking.locator, limit: 20 });
  return (
    <Stack gap="xs" component="section" aria-label={t('support.booking.title')}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('support.booking.title')}
        </Title>
        {!staff && (
          <Button component="a" size="xs" variant="default" {...linkProps(`/support?new=1&locator=${booking.locator}`)}>
            {t('support.booking.open')}
          </Button>
        )}
      </Group>
      {cases.data?.data.length === 0 && (
        <Text size="sm" c="gray.8">
          {t('support.booking.none')}
        </Text>
      )}
      {cases.data?.data.map((c) => (
        <Group key={c.id} gap="xs">
          <Anchor size="sm" {...linkProps(`/support?case=${c.id}`)}>
            {c.subject}
          </Anchor>
          <Badge size="sm" variant="dot" color={c.status === 'open' ? 'blue' : 'gray'}>
            {t(`support.status.${c.status}`)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
