// The signed-in account in the header: its name and the sign-out button. On narrow screens only
// the button stays, so the header keeps to one line; the name is on the settings page.
import type { AccountDetails } from '@contrail/sdk';
import { Group, Text } from '@mantine/core';
import { SignOutButton } from '../../features/auth';
import { displayName } from '../../hooks/use-current-account';

export function AccountControls({ account }: { account: AccountDetails }) {
  const name = displayName(account);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} c="gray.9" visibleFrom="md" maw={200} truncate="end" title={name}>
        {name}
      </Text>
      <SignOutButton name={name} />
    </Group>
  );
}
