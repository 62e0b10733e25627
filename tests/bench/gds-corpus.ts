// A recorded-terminal corpus for the GDS parse benchmark, generated deterministically from a seed
// (mulberry32), so every run parses the same text without a large file in the repository. Each
// record is what a content script hands to `recognise`: an entry typed at the prompt with the
// host's response lines under it, or a screen of noise (response text, near-miss entries, words).
// Mix per dialect: 35 % availability, 15 % fare display, 15 % names, 10 % contacts, 25 % noise;
// each record knows the kind it holds, so the benchmark can report what was recognised.
import type { Dialect } from '../../console/src/extension/gds/index.js';

export type RecordKind = 'availability' | 'fare_display' | 'pnr_names' | 'pnr_contact' | 'noise';
export interface CorpusRecord {
  kind: RecordKind;
  text: string;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cities = [
  'KBP',
  'WAW',
  'LIS',
  'FRA',
  'MUC',
  'CDG',
  'LHR',
  'AMS',
  'VIE',
  'IST',
  'JFK',
  'DXB',
  'KRK',
  'GDN',
  'ODS',
];
const carriers = ['LO', 'LH', 'PS', 'TP', 'AF', 'KL', 'OS', 'TK', 'EK', 'S7', 'U2', 'W6'];
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const surnames = ['KOWALSKI', 'NOWAK', 'SMITH', 'SHEVCHENKO', 'DE LA CRUZ', 'MUELLER', 'SILVA', 'KOVAC'];
const firsts = ['JAN', 'EWA', 'JOHN', 'ANNA', 'OLENA', 'PAULO', 'MARIA', 'ADAM'];
const titles = ['MR', 'MRS', 'MS', 'MISS', 'MSTR'];
const classes = 'CDZJYBMHKLQVW';

export function generateCorpus(dialect: Dialect, size: number, seed: number): CorpusRecord[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pair = () => {
    const origin = pick(cities);
    let destination = pick(cities);
    while (destination === origin) destination = pick(cities);
    return [origin, destination] as const;
  };
  const date = () => `${int(1, 28)}${pick(months)}`;
  const hhmm = () => `${String(int(0, 23)).padStart(2, '0')}${pick(['00', '15', '30', '45'])}`;
  const ampm = () => `${int(1, 12)}${pick(['A', 'P'])}`;
  const flightLine = (n: number, o: string, d: string) => {
    const seats = Array.from({ length: int(3, 8) }, () => `${pick([...classes])}${int(0, 9)}`).join(' ');
    if (dialect === 'amadeus')
      return ` ${n}   ${pick(carriers)} ${int(100, 999)}  ${seats} /${o}   ${d}  ${hhmm()}    ${hhmm()}  E0/E95      2:25`;
    if (dialect === 'sabre')
      return `${n}${pick(carriers)}  ${int(100, 999)} ${seats}   ${o}${d}  ${ampm()}  ${ampm()} 738  0 DCA /E`;
    return ` ${n} ${pick(carriers)} ${int(100, 999)} ${seats} ${o}${d} ${hhmm()} ${hhmm()} E0.320 0 M`;
  };

  function availability(): string {
    const [o, d] = pair();
    const c = pick(carriers);
    const k = pick([...classes]);
    const via = pick(cities.filter((x) => x !== o && x !== d));
    const forms: Record<Dialect, string[]> = {
      amadeus: [
        `AN${date()}${o}${d}`,
        `AN${date()}${o}${d}/A${c}`,
        `AN${date()}${o}${d}/A${c}/C${k}`,
        `AN${date()}${o}${d}${hhmm()}/A${c}*${date()}`,
        `SN${date()}${o}${d}/X${via}`,
        `AD${date()}${o}${d}/FN/KC`,
      ],
      sabre: [
        `1${date()}${o}${d}`,
        `1${date()}${o}${d}¥${c}`,
        `1${date()}${o}${d}${ampm()}‡${c}`,
        `1${date()}${o}${d}¥${c}/${k}`,
        `1${date()}${o}${d}/${via}`,
        `1${date()}${o}${d}${hhmm()}-${k}`,
      ],
      travelport: [
        `A${date()}${o}${d}`,
        `A${date()}${o}${d}/${c}`,
        `A${date()}${o}${d}/${c}@${k}`,
        `A${date()}${o}${d}+${c}#`,
        `A${date()}${o}${d}${ampm()}.${via}`,
        `A${date()}${o}${d}/${c}/${pick(carriers)}`,
      ],
    };
    const lines = [`>${pick(forms[dialect])}`, ` ${date()} TUE  ${o}/${d}`];
    for (let n = 1; n <= int(2, 9); n++) lines.push(flightLine(n, o, d));
    return lines.join('\n');
  }

  function fareDisplay(): string {
    const [o, d] = pair();
    const c = pick(carriers);
    const forms: Record<Dialect, string[]> = {
      amadeus: [`FQD${o}${d}`, `FQD${o}${d}/A${c}`, `FQD${o}${d}/A${c}/D${date()}/C${pick([...classes])}`],
      sabre: [`FQ${o}${d}${date()}`, `FQ${o}${d}${date()}-${c}`, `FQ${o}${d}${date()}R${date()}-${c}‡RT`],
      travelport: [`FD${o}${d}${date()}`, `FD${o}${d}${date()}/${c}`, `FD${date()}${o}${d}/${c}@${pick([...classes])}`],
    };
    const lines = [`>${pick(forms[dialect])}`, `ROE 1.000000 FARES LAST UPDATED ${date()}`];
    for (let n = 1; n <= int(3, 12); n++)
      lines.push(
        `${String(n).padStart(2, '0')} ${c}  ${int(50, 2000)}.00  ${pick([...classes])}OWPL  ${int(0, 30)}+ -/ 12M`,
      );
    return lines.join('\n');
  }

  function names(): string {
    const s = pick(surnames);
    const f = pick(firsts);
    const t = pick(titles);
    const forms: Record<Dialect, string[]> = {
      amadeus: [
        `NM1${s}/${f} ${t}`,
        `NM2${s}/${f} MR/${pick(firsts)} MRS`,
        `NM1${s}/${f}(CHD/0${int(1, 9)}JAN1${int(5, 9)})`,
        `NM1${s}/${f} MRS(INF${pick(firsts)}/0${int(1, 9)}MAR25)`,
      ],
      sabre: [`-${s}/${f} ${t}`, `-2${s}/${f}/${pick(firsts)}`, `-${s}/${f}*C0${int(2, 9)}`, `-I/${s}/${f}*I`],
      travelport: [`N.${s}/${f} ${t}`, `N.${s}/${f}${t}`, `N.2${s}/${f}MR/${pick(firsts)}MRS`, `N.${s}/${f}*CHD`],
    };
    return [`>${pick(forms[dialect])}`, `  1.${s}/${f} ${t}`, `RP/WAWPL2100/`].join('\n');
  }

  function contact(): string {
    const phone = `48${int(10, 99)}${int(1000000, 9999999)}`;
    const user = pick(firsts).toLowerCase();
    const forms: Record<Dialect, string[]> = {
      amadeus: [`AP WAW ${phone}-B`, `APM-+${phone}`, `APE-${user.toUpperCase()}@EXAMPLE.COM`],
      sabre: [`9WAW${phone}-A`, `9${phone}-H`, `PE¥${user.toUpperCase()}@EXAMPLE.COM¥`],
      travelport: [`P.WAWT*${phone}`, `P.WAWB*${phone}`, `MT.${user.toUpperCase()}//EXAMPLE.COM`],
    };
    return [`>${pick(forms[dialect])}`, '*'].join('\n');
  }

  function noise(): string {
    const [o, d] = pair();
    const lines: string[] = [];
    for (let n = int(1, 12); n > 0; n--) {
      lines.push(
        pick([
          flightLine(int(1, 9), o, d),
          'NO MORE LATER FLIGHTS',
          '** AMADEUS AVAILABILITY - AN ** WAW WARSAW.PL',
          `>AN32${pick(months)}${o}${d}`,
          `>1${int(30, 39)}${pick(months)}${o}${o}`,
          `>A${date()}${o}`,
          `>NM2${pick(surnames)}/${pick(firsts)}`,
          'ABANDON',
          `INVALID FORMAT - ${pick(carriers)}${int(1, 999)}`,
          'OK',
          '>',
          'Lorem ipsum dolor sit amet, consectetur adipiscing elit',
          `${int(1, 99999)} ${pick(cities)} ${pick(firsts)}`,
        ]),
      );
    }
    return lines.join('\n');
  }

  const kinds: [RecordKind, number, () => string][] = [
    ['availability', 0.35, availability],
    ['fare_display', 0.15, fareDisplay],
    ['pnr_names', 0.15, names],
    ['pnr_contact', 0.1, contact],
    ['noise', 0.25, noise],
  ];
  const records: CorpusRecord[] = [];
  for (let i = 0; i < size; i++) {
    let roll = random();
    const [kind, , make] = kinds.find(([, share]) => (roll -= share) < 0) ?? kinds[kinds.length - 1]!;
    records.push({ kind, text: make() });
  }
  return records;
}
