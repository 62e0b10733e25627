// A partner's name and status (staff), and archiving it (Admin alone: a partner is never removed,
// its companies' ledgers and bookings are accounting records; it leaves the lists and its gate
// closes). After archiving, the partner list is where the admin goes on.
import type { Agency, AgencyUpdateStatus } from '@contrail/sdk';
import { useDeleteAgency, useUpdateAgency } from '@contrail/sdk/react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useManageTexts } from '../../../hooks/use-manage-texts';
import { navigate } from '../../../lib/router';
import { ConfirmButton } from '../components/confirm-button';
import { adminPaths } from '../paths';
import { useBackOfficeRole, useSaved } from '../use-back-office';

const statuses = ['active', 'suspended'] as const;

export function PartnerDetails({ agency }: { agency: Agency }) {
  const { t } = useManageTexts();
  const role = useBackOfficeRole();
  const saved = useSaved();
  const [name, setName] = useState(agency.name);
  const [status, setStatus] = useState<AgencyUpdateStatus | null>(agency.status === 'archived' ? null : agency.status);
  const update = useUpdateAgency({ mutation: { onSuccess: saved } });
  const archive = useDeleteAgency();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: agency.id, data: { name: name.trim(), ...(status ? { status } : {}) } });
  };
  return (
    <SectionCard title={t('manage.partner.details')}>
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('backOffice.partners.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
            miw={200}
          />
          <Select
            label={t('backOffice.partners.status')}
            w={180}
            value={status}
            allowDeselect={false}
            data={statuses.map((s) => ({ value: s, label: t(`backOffice.status.${s}`) }))}
            onChange={(v) => setStatus(v)}
          />
          <Button type="submit" loading={update.isPending}>
            {t('manage.save')}
          </Button>
        </Group>
      </form>
      {role.admin && agency.status !== 'archived' && (
        <Group>
          <ConfirmButton
            size="sm"
            label={t('manage.partner.archive')}
            title={t('manage.partner.archiveTitle', { name: agency.name })}
            text={t('manage.partner.archiveText')}
            confirmLabel={t('manage.partner.archive')}
            pending={archive.isPending}
            run={(done) =>
              archive.mutate({ id: agency.id }, { onSuccess: () => (done(), saved(), navigate(adminPaths.partners)) })
            }
          />
        </Group>
      )}
    </SectionCard>
  );
}
