// /admin/audit_log: every back-office change with its actor, before and after, newest first.
import { useListAuditEntries } from '@contrail/sdk/react';
import { Code, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ListState } from '../components/loading';
import { TableScroll } from '../../../components/table-scroll';

export function AuditLogScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('backOffice.nav.auditLog'));
  const list = useListAuditEntries({ per_page: 50 });
  const entries = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.nav.auditLog')}>
      <ListState pending={list.isPending} empty={entries.length === 0} />
      {entries.length > 0 && (
        <TableScroll minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.audit.when')}</Table.Th>
                <Table.Th>{t('backOffice.audit.actor')}</Table.Th>
                <Table.Th>{t('backOffice.audit.action')}</Table.Th>
                <Table.Th>{t('backOffice.audit.subject')}</Table.Th>
                <Table.Th>{t('backOffice.audit.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{new Date(e.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>{`${e.actor_user_type} · ${e.actor_account_id}`}</Table.Td>
                  <Table.Td>{e.action}</Table.Td>
                  <Table.Td>{`${e.entity_type} ${e.entity_id}`}</Table.Td>
                  <Table.Td>
                    <Code block fz="xs" mah={120} style={{ overflow: 'auto' }} tabIndex={0}>
                      {changed(e.before, e.after)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}

/** Only the fields that changed, as `field: before → after`. */
function changed(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const lines: string[] = [];
  for (const key of keys) {
    const a = JSON.stringify(before?.[key]);
    const b = JSON.stringify(after?.[key]);
    if (a !== b) lines.push(`${key}: ${a ?? '—'} → ${b ?? '—'}`);
  }
  return lines.join('\n') || '—';
}
