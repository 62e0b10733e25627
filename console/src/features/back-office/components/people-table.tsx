import type { Person } from '@contrail/sdk';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/table-scroll';

export function PeopleTable({
  people,
  label,
  action,
}: {
  people: Person[];
  /** What the list holds (its section's title). */
  label: string;
  action?: (p: Person) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={480} label={label} hasControls={action !== undefined}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backOffice.person.name')}</Table.Th>
            <Table.Th>{t('backOffice.person.email')}</Table.Th>
            <Table.Th>{t('backOffice.person.role')}</Table.Th>
            {action && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{`${p.first_name} ${p.last_name}`}</Table.Td>
              <Table.Td>{p.email}</Table.Td>
              <Table.Td>{t(`backOffice.role.${p.user_type}`)}</Table.Td>
              {action && <Table.Td>{action(p)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
