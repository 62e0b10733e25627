// A seat map as the cabin looks: rows down, seat letters across, a gap where the aisle runs (between
// two aisle-side columns). Free seats, paid seats with their price, and occupied seats differ in
// colour and in text, so the map reads without colour too. Read-only in a fare's details; with
// `pick` (a booking's services and seats) every free seat is a button that seats the passenger being
// placed, and a seat another passenger of the booking took says whose it is.
import type { SeatMap, SeatMapRowsItemSeatsItem } from '@contrail/sdk';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyShort, useLanguage } from '../lib/i18n';
import classes from './seat-map-grid.module.css';

export interface SeatPick {
  /** Seats ("12A") the booking's passengers took on this flight, and whose each is. */
  taken: ReadonlyMap<string, string>;
  /** The seat of the passenger being placed, if any. */
  current: string | null;
  onPick: (seat: { row: number; column: string; price: SeatMapRowsItemSeatsItem['price'] }) => void;
}

export function SeatMapGrid({ map, pick }: { map: SeatMap; pick?: SeatPick }) {
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
  const kindOf = (seat: SeatMapRowsItemSeatsItem) => (!seat.available ? 'occupied' : seat.price ? 'paid' : 'free');
  const face = (seat: SeatMapRowsItemSeatsItem) =>
    !seat.available ? '×' : seat.price ? formatMoneyShort(seat.price, language) : seat.column;
  const seatImage = (row: number, seat: SeatMapRowsItemSeatsItem) => (
    <Box
      className={classes.seat}
      data-kind={kindOf(seat)}
      title={describe(row, seat)}
      aria-label={describe(row, seat)}
      role="img"
    >
      {face(seat)}
    </Box>
  );
  const seatButton = (row: number, seat: SeatMapRowsItemSeatsItem) => {
    const id = `${row}${seat.column}`;
    const mine = pick?.current === id;
    const owner = mine ? undefined : pick?.taken.get(id);
    const label = owner ? t('search.seats.takenBy', { seat: id, passenger: owner }) : describe(row, seat);
    return (
      <button
        type="button"
        className={classes.seat}
        data-kind={owner ? 'taken' : kindOf(seat)}
        data-chosen={mine || undefined}
        aria-pressed={mine}
        disabled={owner !== undefined}
        title={label}
        aria-label={label}
        onClick={() => pick?.onPick({ row, column: seat.column, price: seat.price })}
      >
        {owner ? owner.slice(0, 1) : face(seat)}
      </button>
    );
  };
  return (
    <Stack gap="sm">
      <Group gap="md">
        <Legend kind="free" text={t('search.seats.free')} />
        <Legend kind="paid" text={t('search.seats.paid')} />
        <Legend kind="occupied" text={t('search.seats.occupied')} />
        {pick && <Legend kind="chosen" text={t('search.seats.chosen')} />}
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
                          {seat &&
                            (pick && seat.available ? seatButton(row.number, seat) : seatImage(row.number, seat))}
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
