import { Group } from '@mantine/core';
import { ApiStatus } from '../../features/api-status';

export function AppFooter() {
  return (
    <Group h="100%" px="md" justify="flex-end">
      <ApiStatus />
    </Group>
  );
}
