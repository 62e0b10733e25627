// /admin/audit_log: every back-office change with its actor, before and after, newest first, in
// words (audit-format.ts): the action as a sentence, the changed fields with readable values.
import { useListAuditEntries } from '@contrail/sdk/react';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { ListState } from '../components/loading';
import { auditAction, auditChanges, words } from './audit-format';

export function AuditLogScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  useDocumentTitle(t('backOffice.nav.auditLog'));
  const list = useListAuditEntries({ per_page: 50 });
  const entries = list.data?.data ?? [];
  return (
    <SectionCard title={t('backOffice.nav.auditLog')}>
      <ListState pending={list.isPending} empty={entries.length === 0} />
      {entries.length > 0 && (
        <TableScroll minWidth={720} label={t('backOffice.nav.auditLog')}>
          <Table striped verticalSpacing="xs" aria-label={t('backOffice.nav.auditLog')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backOffice.audit.when')}</Table.Th>
                <Table.Th>{t('backOffice.audit.actor')}</Table.Th>
                <Table.Th>{t('backOffice.audit.action')}</Table.Th>
                <Table.Th>{t('backOffice.audit.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => {
                const changes = auditChanges(e.before, e.after, language, t);
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at, language)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t(`backOffice.role.${e.actor_user_type}`, { defaultValue: words(e.actor_user_type) })}
                      </Text>
                      <Text size="xs" c="gray.7" ff="monospace">
                        {e.actor_account_id}
                      </Text>
                      {e.via_assistant && (
                        <Text size="xs" c="gray.7">
                          {t('backOffice.audit.viaAssistant', { question: e.via_assistant.question })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{auditAction(e.action, e.entity_type, t)}</Text>
                      <Text size="xs" c="gray.7" ff="monospace">
                        {e.entity_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {changes.length === 0 ? (
                        '—'
                      ) : (
                        <Stack gap={2}>
                          {changes.map((c) => (
                            <Text key={c.field} size="sm">
                              <Text span fw={600}>
                                {c.field}
                              </Text>
                              {`: ${c.before} → ${c.after}`}
                            </Text>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
