// An answer's tables: each under its title, scrolling sideways on a narrow screen.
import type { AssistantTable } from '@contrail/sdk';
import { Stack, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '../../components/table-scroll';
import { useAssistantTexts } from './texts';

const cell = (value: AssistantTable['rows'][number][number]) =>
  value === null ? '—' : typeof value === 'boolean' ? (value ? '✓' : '✗') : String(value);

export function AnswerTables({ tables }: { tables: AssistantTable[] }) {
  const { t } = useAssistantTexts();
  return tables.map((table, i) => (
    <Stack gap={4} key={`${i}-${table.title}`}>
      <Title order={3} size="h6">
        {table.title}
      </Title>
      {table.rows.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('noRows')}
        </Text>
      ) : (
        <TableScroll minWidth={Math.max(320, table.columns.length * 130)} label={table.title}>
          <Table striped withTableBorder aria-label={table.title}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, r) => (
                <Table.Tr key={r}>
                  {row.map((value, c) => (
                    <Table.Td key={c}>{cell(value)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  ));
}
