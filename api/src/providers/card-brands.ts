// The card brands Contrail takes, and the one table from a brand to the two-letter code IATA gives
// it (Resolution 728 card codes, as NDC's PaymentCard/CardBrandCode carries them). The back office
// stores a card's brand by name; an airline adapter speaks the code. Both read this table, so a
// brand added here is recognised, stored and paid with everywhere, or nowhere.
export const iataCardCodes = {
  visa: 'VI',
  mastercard: 'CA',
  amex: 'AX',
  diners: 'DC',
  discover: 'DS',
  jcb: 'JC',
  uatp: 'TP',
} as const;

export type CardBrand = keyof typeof iataCardCodes;

export const cardBrands = Object.keys(iataCardCodes) as CardBrand[];

export function isCardBrand(brand: string): brand is CardBrand {
  return Object.hasOwn(iataCardCodes, brand);
}

/** The IATA code of a brand (`visa` -> `VI`). */
export function iataCardCode(brand: CardBrand): string {
  return iataCardCodes[brand];
}
