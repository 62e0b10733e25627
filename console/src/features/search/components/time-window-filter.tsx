// Departure or arrival time windows, one slider per origin-destination, local time at the airport.
// A slider moved back to the whole day drops that leg's window; no windows left drops the filter.
import type { TimeWindow } from '@contrail/sdk';
import { RangeSlider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockToMinute, minuteToClock } from '../flight-format';

const dayEnd = 24 * 60 - 1;
const step = 30;

export function TimeWindowFilter({
  legs,
  windows,
  label,
  onApply,
}: {
  legs: { origin: string; destination: string }[];
  windows: TimeWindow[];
  label: (leg: { origin: string; destination: string }) => string;
  onApply: (windows: TimeWindow[]) => void;
}) {
  const apply = (index: number, [from, to]: [number, number]) => {
    const others = windows.filter((window) => window.origin_destination !== index);
    const whole = from <= 0 && to >= dayEnd;
    onApply(
      whole ? others : [...others, { origin_destination: index, from: minuteToClock(from), to: minuteToClock(to) }],
    );
  };
  return (
    <Stack gap="sm">
      {legs.map((leg, index) => {
        const current = windows.find((window) => window.origin_destination === index);
        const value: [number, number] = current
          ? [clockToMinute(current.from), clockToMinute(current.to)]
          : [0, dayEnd];
        return (
          <WindowSlider
            key={`${index}-${value.join('-')}`}
            label={label(leg)}
            initial={value}
            onEnd={(range) => apply(index, range)}
          />
        );
      })}
    </Stack>
  );
}

function WindowSlider({
  label,
  initial,
  onEnd,
}: {
  label: string;
  initial: [number, number];
  onEnd: (range: [number, number]) => void;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState(initial);
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}:{' '}
        <Text span fw={600}>
          {minuteToClock(range[0])}–{minuteToClock(range[1])}
        </Text>
      </Text>
      <RangeSlider
        min={0}
        max={dayEnd}
        step={step}
        minRange={step}
        value={range}
        onChange={setRange}
        onChangeEnd={onEnd}
        label={minuteToClock}
        thumbFromLabel={t('search.filters.windowFrom', { label })}
        thumbToLabel={t('search.filters.windowTo', { label })}
      />
    </Stack>
  );
}
