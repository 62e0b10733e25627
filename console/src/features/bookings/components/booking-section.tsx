// One titled part of the booking page (passengers, flights, Fare Watch, history, ...), named for
// screen readers by its heading text.
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function BookingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
