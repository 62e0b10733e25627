// How the flight card shows what the server sends (product spec §3, Flight display card): a
// duration in seconds as hours and minutes, a year-month-day date as day.month.

/** 6300 → "1h 45m"; 3600 → "1h 00m"; 2700 → "0h 45m". */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** "2026-11-23" → "23.11". */
export function formatDayMonth(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
}

export function formatMoney(money: { amount: string; currency: string }, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(Number(money.amount));
}
