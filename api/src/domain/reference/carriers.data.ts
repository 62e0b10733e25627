// The airlines Contrail has NDC connections to; each is one source channel (seed.ts) and the
// carriers list developers search by name or code.
export interface CarrierRef {
  readonly code: string;
  readonly name: string;
}

// prettier-ignore
const rows: [code: string, name: string][] = [
  ['LH', "Lufthansa"],
  ['OS', "Austrian Airlines"],
  ['LX', "SWISS"],
  ['SN', "Brussels Airlines"],
  ['AF', "Air France"],
  ['KL', "KLM"],
  ['BA', "British Airways"],
  ['A3', "Aegean Airlines"],
  ['OA', "Olympic Air"],
  ['IB', "Iberia"],
  ['PS', "Ukraine International Airlines"],
  ['LO', "LOT Polish Airlines"],
  ['NE', "Neo"],
];

export const carrierRefs: readonly CarrierRef[] = rows.map(([code, name]) => Object.freeze({ code, name }));
