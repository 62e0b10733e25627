// An answer's tables: each under its title, scrolling sideways on a narrow screen.
import type { AssistantTable } from '@contrail/sdk';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TableScroll } from '../../components/table-scroll';
import { useAssistantTexts } from './texts';

const cell = (value: AssistantTable['rows'][number][number]) =>
  value === null ? '—' : typeof value === 'boolean' ? (value ? '✓' : '✗') : String(value);

/** Rows shown before "Show all": a long list would push the conversation's input far down. */
const firstRows = 10;

export function AnswerTables({ tables }: { tables: AssistantTable[] }) {
  return tables.map((table, i) => <AnswerTable key={`${i}-${table.title}`} table={table} />);
}

function AnswerTable({ table }: { table: AssistantTable }) {
  const { t } = useAssistantTexts();
  const [all, setAll] = useState(false);
  const rows = all ? table.rows : table.rows.slice(0, firstRows);
  return (
    <Stack gap={4}>
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
              {rows.map((row, r) => (
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
      {rows.length < table.rows.length && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAll(true)}>
          {t('showAll', { count: table.rows.length })}
        </Button>
      )}
    </Stack>
  );
}
