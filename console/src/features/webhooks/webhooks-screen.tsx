// /settings/webhooks: the agency's webhook endpoints, for its supervisors and staff. A new
// endpoint's signing secret is shown once, here, right after it is made; "Open" shows one endpoint
// in a drawer (test event, rotate, switch off, delete, edit, deliveries).
import type { CreatedWebhookEndpoint } from '@contrail/sdk';
import { Center, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNotice } from '../../components/role-notice';
import { SectionCard } from '../../components/section-card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { CreateEndpointForm } from './components/create-endpoint-form';
import { EndpointDrawer } from './components/endpoint-drawer';
import { EndpointList } from './components/endpoint-list';
import { NewSecret } from '../../components/new-secret';
import { useWebhooksAccess } from './use-manages-webhooks';

export function WebhooksScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('webhooks.title'));
  const access = useWebhooksAccess();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  if (access === 'pending')
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  if (access === 'denied') return <RoleNotice title={t('webhooks.title')} text={t('webhooks.forSupervisors')} />;
  return (
    <Stack gap="lg">
      {created?.secret ? (
        <SectionCard title={t('webhooks.secret.title')}>
          <NewSecret secret={created.secret} onDone={() => setCreated(null)} />
        </SectionCard>
      ) : (
        <CreateEndpointForm onCreated={setCreated} />
      )}
      <EndpointList onOpen={setOpen} />
      <EndpointDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
