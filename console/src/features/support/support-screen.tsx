// /support: an agent's (or supervisor's) cases and a new one (`?new=1`, with `&locator=` from the
// booking page); staff's queue, longest-waiting first, and the measured response times; `?case=`
// opens one case with its thread and offers.
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSupportTexts } from '../../hooks/use-support-texts';
import { useQueryParam } from '../../lib/router';
import { CaseList } from './components/case-list';
import { CaseView } from './components/case-view';
import { NewCaseForm } from './components/new-case-form';
import { ResponseStats } from './components/response-stats';

export function SupportScreen() {
  const { t } = useSupportTexts();
  useDocumentTitle(t('support.title'));
  const account = useCurrentAccount().data;
  const caseId = useQueryParam('case');
  const isNew = useQueryParam('new') === '1';
  const locator = useQueryParam('locator').toUpperCase();
  const staff = account?.user_type === 'Admin' || account?.user_type === 'Support';
  if (!account) return null;
  return (
    <Stack gap="lg" maw={1040}>
      <Stack gap={4}>
        <Title order={1}>{t('support.title')}</Title>
        <Text size="sm" c="gray.8">
          {t(staff ? 'support.leadStaff' : 'support.leadAgent')}
        </Text>
      </Stack>
      {caseId ? (
        <CaseView id={caseId} staff={staff} />
      ) : isNew && !staff ? (
        <NewCaseForm locator={/^[A-Z0-9]{6}$/.test(locator) ? locator : ''} />
      ) : staff ? (
        <Tabs defaultValue="queue" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="queue">{t('support.tabs.queue')}</Tabs.Tab>
            <Tabs.Tab value="stats">{t('support.tabs.stats')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="queue" pt="md">
            <CaseList staff />
          </Tabs.Panel>
          <Tabs.Panel value="stats" pt="md">
            <ResponseStats />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <CaseList staff={false} />
      )}
    </Stack>
  );
}
