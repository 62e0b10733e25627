// Agency channels: the derived flags come from the API (one decision, channel-state.ts). With
// `onChange`, a supervisor sets the form of payment and the card of each channel.
import type { AgencyChannel, AgencyChannelUpdate, CreditCard } from '@contrail/sdk';
import { Badge, Select, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/table-scroll';

const forms = ['bsp_cash', 'credit_card', 'company_balance'] as const;

export function ChannelsTable({
  channels,
  cards,
  onChange,
}: {
  channels: AgencyChannel[];
  cards?: CreditCard[];
  onChange?: (id: string, data: AgencyChannelUpdate) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={640} label={t('backOffice.channels.title')} hasControls={onChange !== undefined}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backOffice.channels.channel')}</Table.Th>
            <Table.Th>{t('backOffice.channels.formOfPayment')}</Table.Th>
            <Table.Th>{t('backOffice.channels.card')}</Table.Th>
            <Table.Th>{t('backOffice.channels.credential')}</Table.Th>
            <Table.Th>{t('backOffice.channels.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.title}</Table.Td>
              <Table.Td>
                {onChange ? (
                  <Select
                    aria-label={t('backOffice.channels.formOfPaymentFor', { name: c.title })}
                    size="xs"
                    value={c.form_of_payment}
                    data={forms.map((f) => ({ value: f, label: t(`backOffice.fop.${f}`) }))}
                    onChange={(value) => value && onChange(c.id, { form_of_payment: value })}
                  />
                ) : (
                  t(`backOffice.fop.${c.form_of_payment}`)
                )}
              </Table.Td>
              <Table.Td>
                {onChange && cards ? (
                  <Select
                    aria-label={t('backOffice.channels.cardFor', { name: c.title })}
                    size="xs"
                    clearable
                    value={c.ticketing_credit_card_id}
                    data={cards.map((card) => ({ value: card.id, label: `${card.brand} •••• ${card.last4}` }))}
                    onChange={(value) => onChange(c.id, { ticketing_credit_card_id: value })}
                  />
                ) : c.credit_card ? (
                  `${c.credit_card.brand} •••• ${c.credit_card.last4}`
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {t(
                  c.credential.active
                    ? 'backOffice.channels.credentialActive'
                    : 'backOffice.channels.credentialInactive',
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={c.active ? 'green' : 'gray'} variant="light">
                  {t(c.active ? 'backOffice.channels.active' : 'backOffice.channels.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
