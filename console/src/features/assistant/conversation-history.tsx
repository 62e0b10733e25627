// The history panel: the signed-in user's past conversations with the assistant
// (GET /admin_panel/conversations), newest first, a page at a time. Opening one brings it back into
// the conversation above (GET /admin_panel/conversations/{id}), with what became of its plans.
import type { AssistantConversationSummary } from '@contrail/sdk';
import { useListAssistantConversations } from '@contrail/sdk/react';
import { Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ListPager } from '../../components/list-pager';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { useAssistantTexts } from './texts';

const perPage = 10;

export function ConversationHistory({
  current,
  opening,
  onOpen,
}: {
  /** The conversation shown above, marked in the list. */
  current: string | undefined;
  /** The conversation being loaded, if any. */
  opening: string | undefined;
  onOpen: (id: string) => void;
}) {
  const { t } = useAssistantTexts();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const list = useListAssistantConversations({ page, per_page: perPage });
  if (list.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="gray.8">
          {t('history.loading')}
        </Text>
      </Group>
    );
  if (list.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('history.unavailable')}
      </Text>
    );
  const { data, meta } = list.data;
  if (meta.total === 0)
    return (
      <Text size="sm" c="gray.8">
        {t('history.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-history>
        {data.map((c: AssistantConversationSummary) => {
          const shown = c.id === current;
          return (
            <li key={c.id} data-conversation-id={c.id} data-current={shown || undefined}>
              <UnstyledButton
                w="100%"
                py="xs"
                px="sm"
                onClick={() => onOpen(c.id)}
                aria-current={shown ? 'true' : undefined}
                disabled={opening !== undefined}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: shown ? 'var(--mantine-color-blue-0)' : undefined,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {c.title || t('history.untitled')}
                    </Text>
                    <Text size="xs" c="gray.8">
                      {t('history.counts', { questions: c.questions, plans: c.plans, executed: c.executed })}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="xs" c="gray.8">
                      {formatDateTime(c.last_at, language)}
                    </Text>
                    {opening === c.id ? (
                      <Loader size="xs" />
                    ) : (
                      <Text size="xs" c="blue.8" fw={600}>
                        {shown ? t('history.shown') : t('history.open')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      <Group justify="space-between">
        <ListPager page={page} pages={Math.ceil(meta.total / perPage)} onChange={setPage} />
        <Button variant="subtle" size="xs" onClick={() => void list.refetch()}>
          {t('history.refresh')}
        </Button>
      </Group>
    </Stack>
  );
}
