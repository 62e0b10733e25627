// Reference data a developer needs to build a search: the airports and airlines Contrail sells.
// A data vendor's list in production; here the airports the connected airlines fly to. Kept apart
// from the sandbox's own network data on purpose: the API may not import the sandbox.
export interface AirportRef {
  readonly code: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly timeZone: string;
}

type Row = [code: string, name: string, city: string, country: string, timeZone: string];

// prettier-ignore
const rows: Row[] = [
  ['FRA', "Frankfurt am Main", "Frankfurt", 'DE', 'Europe/Berlin'],
  ['MUC', "Munich", "Munich", 'DE', 'Europe/Berlin'],
  ['BER', "Berlin Brandenburg", "Berlin", 'DE', 'Europe/Berlin'],
  ['HAM', "Hamburg", "Hamburg", 'DE', 'Europe/Berlin'],
  ['DUS', "Düsseldorf", "Düsseldorf", 'DE', 'Europe/Berlin'],
  ['VIE', "Vienna International", "Vienna", 'AT', 'Europe/Vienna'],
  ['ZRH', "Zurich", "Zurich", 'CH', 'Europe/Zurich'],
  ['GVA', "Geneva", "Geneva", 'CH', 'Europe/Zurich'],
  ['BRU', "Brussels", "Brussels", 'BE', 'Europe/Brussels'],
  ['CDG', "Paris Charles de Gaulle", "Paris", 'FR', 'Europe/Paris'],
  ['ORY', "Paris Orly", "Paris", 'FR', 'Europe/Paris'],
  ['NCE', "Nice Côte d'Azur", "Nice", 'FR', 'Europe/Paris'],
  ['AMS', "Amsterdam Schiphol", "Amsterdam", 'NL', 'Europe/Amsterdam'],
  ['LHR', "London Heathrow", "London", 'GB', 'Europe/London'],
  ['LGW', "London Gatwick", "London", 'GB', 'Europe/London'],
  ['MAN', "Manchester", "Manchester", 'GB', 'Europe/London'],
  ['EDI', "Edinburgh", "Edinburgh", 'GB', 'Europe/London'],
  ['DUB', "Dublin", "Dublin", 'IE', 'Europe/Dublin'],
  ['ATH', "Athens International", "Athens", 'GR', 'Europe/Athens'],
  ['SKG', "Thessaloniki Makedonia", "Thessaloniki", 'GR', 'Europe/Athens'],
  ['HER', "Heraklion", "Heraklion", 'GR', 'Europe/Athens'],
  ['MAD', "Madrid Barajas", "Madrid", 'ES', 'Europe/Madrid'],
  ['BCN', "Barcelona El Prat", "Barcelona", 'ES', 'Europe/Madrid'],
  ['PMI', "Palma de Mallorca", "Palma", 'ES', 'Europe/Madrid'],
  ['TFN', "Tenerife North", "Tenerife", 'ES', 'Atlantic/Canary'],
  ['LPA', "Gran Canaria", "Las Palmas", 'ES', 'Atlantic/Canary'],
  ['LIS', "Lisbon Humberto Delgado", "Lisbon", 'PT', 'Europe/Lisbon'],
  ['OPO', "Porto", "Porto", 'PT', 'Europe/Lisbon'],
  ['FCO', "Rome Fiumicino", "Rome", 'IT', 'Europe/Rome'],
  ['MXP', "Milan Malpensa", "Milan", 'IT', 'Europe/Rome'],
  ['WAW', "Warsaw Chopin", "Warsaw", 'PL', 'Europe/Warsaw'],
  ['KRK', "Kraków John Paul II", "Kraków", 'PL', 'Europe/Warsaw'],
  ['GDN', "Gdańsk Lech Wałęsa", "Gdańsk", 'PL', 'Europe/Warsaw'],
  ['KBP', "Kyiv Boryspil", "Kyiv", 'UA', 'Europe/Kyiv'],
  ['LWO', "Lviv Danylo Halytskyi", "Lviv", 'UA', 'Europe/Kyiv'],
  ['ODS', "Odesa", "Odesa", 'UA', 'Europe/Kyiv'],
  ['PRG', "Prague Václav Havel", "Prague", 'CZ', 'Europe/Prague'],
  ['BUD', "Budapest Ferenc Liszt", "Budapest", 'HU', 'Europe/Budapest'],
  ['OTP', "Bucharest Henri Coandă", "Bucharest", 'RO', 'Europe/Bucharest'],
  ['SOF', "Sofia", "Sofia", 'BG', 'Europe/Sofia'],
  ['ZAG', "Zagreb Franjo Tuđman", "Zagreb", 'HR', 'Europe/Zagreb'],
  ['CPH', "Copenhagen Kastrup", "Copenhagen", 'DK', 'Europe/Copenhagen'],
  ['OSL', "Oslo Gardermoen", "Oslo", 'NO', 'Europe/Oslo'],
  ['ARN', "Stockholm Arlanda", "Stockholm", 'SE', 'Europe/Stockholm'],
  ['HEL', "Helsinki Vantaa", "Helsinki", 'FI', 'Europe/Helsinki'],
  ['RIX', "Riga International", "Riga", 'LV', 'Europe/Riga'],
  ['VNO', "Vilnius", "Vilnius", 'LT', 'Europe/Vilnius'],
  ['TLL', "Tallinn Lennart Meri", "Tallinn", 'EE', 'Europe/Tallinn'],
  ['KEF', "Reykjavík Keflavík", "Reykjavík", 'IS', 'Atlantic/Reykjavik'],
  ['IST', "Istanbul", "Istanbul", 'TR', 'Europe/Istanbul'],
  ['TLV', "Tel Aviv Ben Gurion", "Tel Aviv", 'IL', 'Asia/Jerusalem'],
  ['DXB', "Dubai International", "Dubai", 'AE', 'Asia/Dubai'],
  ['JFK', "New York John F. Kennedy", "New York", 'US', 'America/New_York'],
  ['ORD', "Chicago O'Hare", "Chicago", 'US', 'America/Chicago'],
  ['LAX', "Los Angeles", "Los Angeles", 'US', 'America/Los_Angeles'],
  ['YYZ', "Toronto Pearson", "Toronto", 'CA', 'America/Toronto'],
  ['NRT', "Tokyo Narita", "Tokyo", 'JP', 'Asia/Tokyo'],
  ['SIN', "Singapore Changi", "Singapore", 'SG', 'Asia/Singapore'],
];

export const airportRefs: readonly AirportRef[] = rows.map(([code, name, city, country, timeZone]) =>
  Object.freeze({ code, name, city, country, timeZone }),
);
