// /action_required: the bookings that need a person (GET /action_required), soonest deadline
// first: held bookings whose time limit is within 24 hours, EMDs the airline refused. Each row
// says what to do (in the account's language) and opens the booking.
import type { ActionItem } from '@contrail/sdk';
import { getListActionRequiredQueryKey, useListActionRequired } from '@contrail/sdk/react';
import { Anchor, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/list-pager';
import { TableScroll } from '../../components/table-scroll';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../lib/i18n';
import { linkProps } from '../../lib/router';

const perPage = 25;

export function ActionRequiredScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('actionRequired.title'));
  const [page, setPage] = useState(1);
  const list = useListActionRequired({ page, per_page: perPage }, { query: { refetchInterval: 60_000 } });
  useRefetchOnLanguage();
  const items = list.data?.data ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / perPage)) : 1;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('actionRequired.title')}</Title>
        <Text c="gray.8">{t('actionRequired.lead')}</Text>
      </Stack>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('actionRequired.loading')} />
        </Center>
      ) : items.length === 0 ? (
        <Text>{t('actionRequired.empty')}</Text>
      ) : (
        <>
          <TableScroll minWidth={760} hasControls>
            <Table striped verticalSpacing="sm" aria-label={t('actionRequired.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('actionRequired.deadline')}</Table.Th>
                  <Table.Th>{t('actionRequired.booking')}</Table.Th>
                  <Table.Th>{t('actionRequired.kind')}</Table.Th>
                  <Table.Th>{t('actionRequired.departure')}</Table.Th>
                  <Table.Th>{t('actionRequired.whatToDo')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <ActionRow key={`${item.kind}-${item.booking_locator}`} item={item} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <ListPager page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function ActionRow({ item }: { item: ActionItem }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Table.Tr>
      <Table.Td>{item.deadline ? formatDateTime(item.deadline, language) : '—'}</Table.Td>
      <Table.Td>
        <Anchor {...linkProps(item.link)} fw={700} ff="monospace">
          {item.booking_locator}
        </Anchor>
        <Text size="xs" c="gray.8">
          {item.route}
          {!item.live_mode && ` · ${t('actionRequired.test')}`}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={item.kind === 'time_limit' ? 'orange' : 'red'} variant="light">
          {t(`actionRequired.kinds.${item.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{item.departure ? formatDateTime(item.departure, language) : '—'}</Table.Td>
      <Table.Td>{item.what_to_do}</Table.Td>
    </Table.Tr>
  );
}

/** `what_to_do` is written in the account's language: read again when the interface's changes. */
function useRefetchOnLanguage() {
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const first = useRef(language);
  useEffect(() => {
    if (language === first.current) return;
    first.current = language;
    void queryClient.invalidateQueries({ queryKey: getListActionRequiredQueryKey() });
  }, [language, queryClient]);
}
