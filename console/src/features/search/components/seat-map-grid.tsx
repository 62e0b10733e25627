// A seat map as the cabin looks: rows down, seat letters across, a gap where the aisle runs (between
// two aisle-side columns). Free seats, paid seats with their price, and occupied seats differ in
// colour and in text, so the map reads without colour too.
import type { SeatMap, SeatMapRowsItemSeatsItem } from '@contrail/sdk';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyShort, useLanguage } from '../../../lib/i18n';
import classes from './seat-map-grid.module.css';

export function SeatMapGrid({ map }: { map: SeatMap }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const aisleAfter = new Set(
    map.columns
      .slice(0, -1)
      .flatMap((column, index) =>
        column.position === 'A' && map.columns[index + 1]?.position === 'A' ? [column.id] : [],
      ),
  );
  const currency = map.rows.flatMap((row) => row.seats).find((seat) => seat.price)?.price?.currency;
  const describe = (row: number, seat: SeatMapRowsItemSeatsItem) => {
    const state = !seat.available
      ? t('search.seats.occupied')
      : seat.price
        ? formatMoney(seat.price, language)
        : t('search.seats.free');
    return `${row}${seat.column}: ${state}`;
  };
  return (
    <Stack gap="sm">
      <Group gap="md">
        <Legend kind="free" text={t('search.seats.free')} />
        <Legend kind="paid" text={t('search.seats.paid')} />
        <Legend kind="occupied" text={t('search.seats.occupied')} />
      </Group>
      <Text size="sm" c="gray.7">
        {t(`search.cabin.${map.cabin === 'business' ? 'business' : 'economy'}`)}
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <table className={classes.map} aria-label={t('search.seats.map')}>
          <thead>
            <tr>
              <th />
              {map.columns.map((column) => (
                <Fragment key={column.id}>
                  <th scope="col">{column.id}</th>
                  {aisleAfter.has(column.id) && <th className={classes.aisle} aria-hidden />}
                </Fragment>
              ))}
            </tr>
          </thead>
          <tbody>
            {map.rows.map((row) => {
              const seats = new Map(row.seats.map((seat) => [seat.column, seat]));
              return (
                <tr key={row.number}>
                  <th scope="row">{row.number}</th>
                  {map.columns.map((column) => {
                    const seat = seats.get(column.id);
                    return (
                      <Fragment key={column.id}>
                        <td>
                          {seat && (
                            <Box
                              className={classes.seat}
                              data-kind={!seat.available ? 'occupied' : seat.price ? 'paid' : 'free'}
                              title={describe(row.number, seat)}
                              aria-label={describe(row.number, seat)}
                              role="img"
                            >
                              {!seat.available ? '×' : seat.price ? formatMoneyShort(seat.price, language) : column.id}
                            </Box>
                          )}
                        </td>
                        {aisleAfter.has(column.id) && <td className={classes.aisle} />}
                      </Fragment>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollArea>
      {currency && (
        <Text size="xs" c="gray.7">
          {t('search.seats.priceNote', { currency })}
        </Text>
      )}
    </Stack>
  );
}

function Legend({ kind, text }: { kind: string; text: string }) {
  return (
    <Group gap={6}>
      <Box className={classes.seat} data-kind={kind} data-small aria-hidden />
      <Text size="sm">{text}</Text>
    </Group>
  );
}
