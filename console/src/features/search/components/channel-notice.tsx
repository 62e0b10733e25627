// Airlines that failed or were late are left out of the offers, not the search (the API's
// meta.channels). Said once, quietly, with the list a click away.
import type { ChannelOutcome } from '@contrail/sdk';
import { Anchor, List, Popover, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ChannelNotice({ channels, complete }: { channels: ChannelOutcome[]; complete: boolean }) {
  const { t } = useTranslation();
  const missing = channels.filter((channel) => channel.status !== 'ok');
  if (complete || missing.length === 0) return null;
  return (
    <Text size="sm" c="gray.7" data-testid="channel-notice">
      <Popover width={300} position="bottom-start" withArrow shadow="md">
        <Popover.Target>
          <Anchor component="button" type="button" size="sm" c="orange.9">
            {t('search.result.channelsMissing', { count: missing.length })}
          </Anchor>
        </Popover.Target>
        <Popover.Dropdown>
          <List size="sm" spacing={4}>
            {missing.map((channel) => (
              <List.Item key={channel.carrier}>
                <Text span fw={600} size="sm">
                  {channel.carrier}
                </Text>{' '}
                {channel.status === 'timeout'
                  ? t('search.result.channelTimeout')
                  : (channel.error ?? t('search.result.channelFailed'))}
              </List.Item>
            ))}
          </List>
        </Popover.Dropdown>
      </Popover>
    </Text>
  );
}
