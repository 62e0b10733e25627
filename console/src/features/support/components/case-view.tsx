// One case: its facts (who opened it, the booking, the measured time to first response, who holds
// it), the thread with its files, the offers on the booking, and a reply box. Staff take or hand
// back the case and make offers; either side closes or reopens it.
import { downloadSupportCaseAttachment, type SupportCase } from '@contrail/sdk';
import {
  getGetSupportCaseQueryKey,
  useAssignSupportCase,
  useCloseSupportCase,
  useGetSupportCase,
  useReopenSupportCase,
} from '@contrail/sdk/react';
import { Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { useSupportTexts } from '../../../hooks/use-support-texts';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { linkProps } from '../../../lib/router';
import { useNotifyError } from '../../../notifications';
import { formatDuration, secondsSince } from '../support-format';
import { OffersPanel } from './offers-panel';
import { ReplyForm } from './reply-form';

export function CaseView({ id, staff }: { id: string; staff: boolean }) {
  const { t } = useSupportTexts();
  const [language] = useLanguage();
  const me = useCurrentAccount().data;
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const read = useGetSupportCase(id, { query: { refetchInterval: 15_000 } });
  const refresh = (c?: SupportCase) =>
    c
      ? queryClient.setQueryData(getGetSupportCaseQueryKey(id), c)
      : queryClient.invalidateQueries({ queryKey: getGetSupportCaseQueryKey(id) });
  const mutation = {
    meta: { silentErrors: true },
    onError: notifyError,
    onSuccess: (c: SupportCase) => void refresh(c),
  };
  const close = useCloseSupportCase({ mutation });
  const reopen = useReopenSupportCase({ mutation });
  const assign = useAssignSupportCase({ mutation });
  const c = read.data;
  if (!c)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  const download = async (attachmentId: string, name: string) => {
    try {
      const blob = await downloadSupportCaseAttachment(c.id, attachmentId);
      const url = URL.createObjectURL(blob);
      const a = Object.assign(document.createElement('a'), { href: url, download: name });
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap="md">
      <Anchor {...linkProps('/support')} size="sm">
        ← {t('support.case.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3">
              {c.subject}
            </Title>
            <Badge variant="dot" color={c.status === 'open' ? 'blue' : 'gray'}>
              {t(`support.status.${c.status}`)}
            </Badge>
            <Badge variant="light">{t(`support.kinds.${c.kind}`)}</Badge>
          </Group>
          <Text size="sm" c="gray.8">
            {t('support.case.openedBy', { name: c.opened_by.name })} · {formatDateTime(c.created_at, language)}
            {c.locator && (
              <>
                {' · '}
                <Anchor {...linkProps(`/bookings?locator=${c.locator}`)}>
                  {t('support.case.booking', { locator: c.locator })}
                </Anchor>
              </>
            )}
          </Text>
          <Text size="sm" fw={600} data-testid="first-response">
            {c.first_response_seconds !== null
              ? t('support.case.firstResponse', { duration: formatDuration(c.first_response_seconds, t) })
              : t('support.case.noResponse', { duration: formatDuration(secondsSince(c.created_at), t) })}
          </Text>
          {staff && (
            <Text size="sm" c="gray.8">
              {c.assignee ? t('support.case.assignee', { name: c.assignee.name }) : t('support.case.unassigned')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {staff && me && c.assignee?.id !== me.id && (
            <Button
              variant="default"
              loading={assign.isPending}
              onClick={() => assign.mutate({ id, data: { assignee_id: me.id } })}
            >
              {t('support.case.take')}
            </Button>
          )}
          {staff && c.assignee && (
            <Button
              variant="subtle"
              loading={assign.isPending}
              onClick={() => assign.mutate({ id, data: { assignee_id: null } })}
            >
              {t('support.case.release')}
            </Button>
          )}
          {c.status === 'open' ? (
            <Button
              variant="default"
              color="gray"
              loading={close.isPending}
              onClick={() => close.mutate({ id, data: {} })}
            >
              {t('support.case.close')}
            </Button>
          ) : (
            <Button variant="default" loading={reopen.isPending} onClick={() => reopen.mutate({ id, data: {} })}>
              {t('support.case.reopen')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="sm" role="log" aria-label={c.subject}>
        {c.messages?.map((m) => (
          <Card
            key={m.id}
            withBorder
            padding="sm"
            bg={m.side === 'staff' ? 'blue.0' : undefined}
            ml={m.side === 'staff' ? 'xl' : 0}
            mr={m.side === 'staff' ? 0 : 'xl'}
          >
            <Text size="xs" c="gray.8">
              {m.side === 'staff' ? `${t('support.case.staff')} · ${m.author}` : m.author} ·{' '}
              {formatDateTime(m.created_at, language)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.body}
            </Text>
            {m.attachments.map((a) => (
              <Anchor
                key={a.id}
                display="block"
                ta="left"
                component="button"
                type="button"
                size="sm"
                onClick={() => void download(a.id, a.file_name)}
              >
                {t('support.case.download', { name: a.file_name })}
              </Anchor>
            ))}
          </Card>
        ))}
      </Stack>
      {(c.locator || (c.offers?.length ?? 0) > 0) && <OffersPanel supportCase={c} staff={staff} onChanged={refresh} />}
      {(c.status === 'open' || !staff) && <ReplyForm caseId={id} onSent={refresh} />}
    </Stack>
  );
}
