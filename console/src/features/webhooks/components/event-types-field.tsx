// The event types an endpoint receives, chosen from the catalogue by family, with "all" and "none".
import { EventType } from '@contrail/sdk';
import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const eventTypes = Object.values(EventType);

export function EventTypesField({
  value,
  onChange,
  error,
}: {
  value: EventType[];
  onChange: (value: EventType[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('webhooks.form.events')}
      description={t('webhooks.form.eventsHint')}
      value={value}
      onChange={(next) => onChange(eventTypes.filter((type) => next.includes(type)))}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        <Group gap="xs">
          <Button variant="light" size="compact-sm" onClick={() => onChange([...eventTypes])}>
            {t('webhooks.form.allEvents')}
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange([])}>
            {t('webhooks.form.noEvents')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
          {eventTypes.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={type}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Checkbox.Group>
  );
}
