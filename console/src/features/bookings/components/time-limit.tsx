// A deadline with its live countdown ("1 h 05 min left"), or "passed" once it is over.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/use-now';
import { formatDateTime, useLanguage } from '../../../lib/i18n';
import { formatRemaining } from '../format-remaining';

export function useRemaining(deadline: string | null): string | null {
  const { t } = useTranslation();
  const now = useNow(1000, deadline === null ? null : Date.parse(deadline));
  if (!deadline) return null;
  return formatRemaining(deadline, now, {
    days: t('bookings.units.days'),
    hours: t('bookings.units.hours'),
    minutes: t('bookings.units.minutes'),
    seconds: t('bookings.units.seconds'),
  });
}

export function Countdown({ deadline, size = 'sm' }: { deadline: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const left = useRemaining(deadline);
  return (
    <Text size={size} span>
      {formatDateTime(deadline, language)}{' '}
      <Text span size={size} fw={600} c={left === null ? 'red.8' : 'inherit'} role="timer">
        {left === null ? t('bookings.countdown.passed') : t('bookings.countdown.left', { time: left })}
      </Text>
    </Text>
  );
}
