// Money as the page's language writes it (`ua` pages use the `uk` locale).
export function pageLocale(): string {
  return document.documentElement.lang || 'en';
}

export function formatMoney(amount: string, currency: string): string {
  return new Intl.NumberFormat(pageLocale(), { style: 'currency', currency }).format(Number(amount));
}
