// Per-message settings of a channel's airline endpoint: the path after the base URL, the
// SOAPAction (SOAP only) and the deadline of each NDC message. An empty field takes the default,
// shown as its placeholder: /{Message}, the message's name, the channel's timeout.
import type { NdcMessageMap, NdcTimeoutMap } from '@contrail/sdk';
import { NumberInput, Table, Text, TextInput } from '@mantine/core';
import { useManageTexts } from '../../../hooks/use-manage-texts';

export const ndcMessages = [
  'AirShopping',
  'OfferPrice',
  'ServiceList',
  'SeatAvailability',
  'OrderCreate',
  'OrderRetrieve',
  'OrderReshop',
  'OrderChange',
] as const satisfies readonly (keyof NdcMessageMap)[];

export type NdcMessage = (typeof ndcMessages)[number];

export interface MessageSettings {
  readonly paths: Partial<Record<NdcMessage, string>>;
  readonly soapActions: Partial<Record<NdcMessage, string>>;
  readonly timeouts: Partial<Record<NdcMessage, number>>;
}

/** What the form holds, as the API takes it: empty fields left out. */
export function messageSettingsInput(s: MessageSettings): {
  message_paths: NdcMessageMap;
  soap_actions: NdcMessageMap;
  message_timeouts_ms: NdcTimeoutMap;
} {
  const given = <T,>(values: Partial<Record<NdcMessage, T>>, keep: (v: T) => boolean) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => keep(v)));
  return {
    message_paths: given(s.paths, (v) => v.trim() !== ''),
    soap_actions: given(s.soapActions, (v) => v.trim() !== ''),
    message_timeouts_ms: given(s.timeouts, (v) => Number.isInteger(v) && v > 0),
  };
}

export function EndpointMessageTable({
  value,
  onChange,
  soap,
  timeoutMs,
}: {
  value: MessageSettings;
  onChange: (next: MessageSettings) => void;
  soap: boolean;
  timeoutMs: number;
}) {
  const { t } = useManageTexts();
  const set = <K extends keyof MessageSettings>(key: K, message: NdcMessage, v: MessageSettings[K][NdcMessage]) =>
    onChange({ ...value, [key]: { ...value[key], [message]: v } });
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('manage.endpoint.messages.title')}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('manage.endpoint.messages.hint')}
      </Text>
      <Table.ScrollContainer minWidth={soap ? 640 : 460}>
        <Table verticalSpacing={4} aria-label={t('manage.endpoint.messages.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('manage.endpoint.messages.message')}</Table.Th>
              <Table.Th>{t('manage.endpoint.messages.path')}</Table.Th>
              {soap && <Table.Th>SOAPAction</Table.Th>}
              <Table.Th>{t('manage.endpoint.timeout')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ndcMessages.map((message) => (
              <Table.Tr key={message}>
                <Table.Td>
                  <Text size="sm">{message}</Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('manage.endpoint.messages.pathOf', { message })}
                    placeholder={`/${message}`}
                    value={value.paths[message] ?? ''}
                    onChange={(ev) => set('paths', message, ev.currentTarget.value)}
                  />
                </Table.Td>
                {soap && (
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('manage.endpoint.messages.soapActionOf', { message })}
                      placeholder={message}
                      value={value.soapActions[message] ?? ''}
                      onChange={(ev) => set('soapActions', message, ev.currentTarget.value)}
                    />
                  </Table.Td>
                )}
                <Table.Td w={130}>
                  <NumberInput
                    size="xs"
                    aria-label={t('manage.endpoint.messages.timeoutOf', { message })}
                    placeholder={String(timeoutMs)}
                    min={100}
                    max={300000}
                    value={value.timeouts[message] ?? ''}
                    onChange={(v) => set('timeouts', message, typeof v === 'number' ? v : undefined)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
