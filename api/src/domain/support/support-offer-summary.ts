// A support offer's summary in the reader's language, from its kind and figures (kept with the
// offer), never from stored prose: an agent reading Polish and staff reading Ukrainian each see it
// in their own. Offers made before the figures were kept read as their stored English text.
type Language = 'en' | 'ua' | 'pl';

export type OfferSummaryParams =
  | {
      kind: 'refund';
      amount: string;
      currency: string;
      refund_to: 'bsp_cash' | 'credit_card' | 'company_balance';
      penalty: string;
      fee: string;
    }
  | { kind: 'change'; route: string; due: string; currency: string; penalty: string; fee: string };

const payments: Record<Language, Record<'bsp_cash' | 'credit_card' | 'company_balance', string>> = {
  en: { bsp_cash: 'BSP cash', credit_card: 'the card', company_balance: 'the company balance' },
  ua: { bsp_cash: 'BSP готівкою', credit_card: 'картку', company_balance: 'баланс компанії' },
  pl: { bsp_cash: 'BSP gotówką', credit_card: 'kartę', company_balance: 'saldo firmy' },
};

const texts: Record<
  Language,
  { [K in OfferSummaryParams['kind']]: (p: Extract<OfferSummaryParams, { kind: K }>) => string }
> = {
  en: {
    refund: (p) =>
      `Refund ${p.amount} ${p.currency} to ${payments.en[p.refund_to]} (airline penalty ${p.penalty}, agency fee ${p.fee}).`,
    change: (p) => `Change to ${p.route}; due ${p.due} ${p.currency} (penalty ${p.penalty}, fee ${p.fee}).`,
  },
  ua: {
    refund: (p) =>
      `Повернення ${p.amount} ${p.currency} на ${payments.ua[p.refund_to]} (штраф авіакомпанії ${p.penalty}, збір агенції ${p.fee}).`,
    change: (p) => `Заміна на ${p.route}; до сплати ${p.due} ${p.currency} (штраф ${p.penalty}, збір ${p.fee}).`,
  },
  pl: {
    refund: (p) =>
      `Zwrot ${p.amount} ${p.currency} na ${payments.pl[p.refund_to]} (kara linii ${p.penalty}, opłata agencji ${p.fee}).`,
    change: (p) => `Zmiana na ${p.route}; do zapłaty ${p.due} ${p.currency} (kara ${p.penalty}, opłata ${p.fee}).`,
  },
};

export function offerSummary(params: OfferSummaryParams, language: Language): string {
  const t = texts[language];
  return params.kind === 'refund' ? t.refund(params) : t.change(params);
}

/** The summary a reader sees: from the figures when the offer keeps them, else its stored text. */
export function summaryFor(row: { summary: string; summary_params: unknown }, language: Language): string {
  return row.summary_params ? offerSummary(row.summary_params as OfferSummaryParams, language) : row.summary;
}
