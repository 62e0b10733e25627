// The airports the sandbox airlines fly to. Real IATA codes, time zones and coordinates, because the
// engine derives flight durations from great-circle distance and local times from the IANA zone, so
// callers see the same shapes (and DST quirks) a real airline answers with.
export interface Airport {
  readonly code: string;
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly timeZone: string;
  readonly lat: number;
  readonly lon: number;
}

type Row = [code: string, name: string, city: string, country: string, timeZone: string, lat: number, lon: number];

const rows: Row[] = [
  ['FRA', 'Frankfurt am Main', 'Frankfurt', 'DE', 'Europe/Berlin', 50.0333, 8.5706],
  ['MUC', 'Munich', 'Munich', 'DE', 'Europe/Berlin', 48.3538, 11.7861],
  ['BER', 'Berlin Brandenburg', 'Berlin', 'DE', 'Europe/Berlin', 52.3667, 13.5033],
  ['HAM', 'Hamburg', 'Hamburg', 'DE', 'Europe/Berlin', 53.6304, 9.9882],
  ['DUS', 'Düsseldorf', 'Düsseldorf', 'DE', 'Europe/Berlin', 51.2895, 6.7668],
  ['VIE', 'Vienna International', 'Vienna', 'AT', 'Europe/Vienna', 48.1103, 16.5697],
  ['ZRH', 'Zurich', 'Zurich', 'CH', 'Europe/Zurich', 47.4647, 8.5492],
  ['GVA', 'Geneva', 'Geneva', 'CH', 'Europe/Zurich', 46.2381, 6.1089],
  ['BRU', 'Brussels', 'Brussels', 'BE', 'Europe/Brussels', 50.9014, 4.4844],
  ['CDG', 'Paris Charles de Gaulle', 'Paris', 'FR', 'Europe/Paris', 49.0097, 2.5479],
  ['ORY', 'Paris Orly', 'Paris', 'FR', 'Europe/Paris', 48.7262, 2.3652],
  ['NCE', "Nice Côte d'Azur", 'Nice', 'FR', 'Europe/Paris', 43.6584, 7.2159],
  ['AMS', 'Amsterdam Schiphol', 'Amsterdam', 'NL', 'Europe/Amsterdam', 52.3105, 4.7683],
  ['LHR', 'London Heathrow', 'London', 'GB', 'Europe/London', 51.47, -0.4543],
  ['LGW', 'London Gatwick', 'London', 'GB', 'Europe/London', 51.1537, -0.1821],
  ['MAN', 'Manchester', 'Manchester', 'GB', 'Europe/London', 53.3537, -2.275],
  ['EDI', 'Edinburgh', 'Edinburgh', 'GB', 'Europe/London', 55.95, -3.3725],
  ['DUB', 'Dublin', 'Dublin', 'IE', 'Europe/Dublin', 53.4213, -6.2701],
  ['ATH', 'Athens International', 'Athens', 'GR', 'Europe/Athens', 37.9364, 23.9445],
  ['SKG', 'Thessaloniki Makedonia', 'Thessaloniki', 'GR', 'Europe/Athens', 40.5197, 22.9709],
  ['HER', 'Heraklion', 'Heraklion', 'GR', 'Europe/Athens', 35.3397, 25.1803],
  ['MAD', 'Madrid Barajas', 'Madrid', 'ES', 'Europe/Madrid', 40.4983, -3.5676],
  ['BCN', 'Barcelona El Prat', 'Barcelona', 'ES', 'Europe/Madrid', 41.2974, 2.0833],
  ['PMI', 'Palma de Mallorca', 'Palma', 'ES', 'Europe/Madrid', 39.5517, 2.7388],
  ['TFN', 'Tenerife North', 'Tenerife', 'ES', 'Atlantic/Canary', 28.4827, -16.3415],
  ['LPA', 'Gran Canaria', 'Las Palmas', 'ES', 'Atlantic/Canary', 27.9319, -15.3866],
  ['LIS', 'Lisbon Humberto Delgado', 'Lisbon', 'PT', 'Europe/Lisbon', 38.7813, -9.1359],
  ['OPO', 'Porto', 'Porto', 'PT', 'Europe/Lisbon', 41.2481, -8.6814],
  ['FCO', 'Rome Fiumicino', 'Rome', 'IT', 'Europe/Rome', 41.8003, 12.2389],
  ['MXP', 'Milan Malpensa', 'Milan', 'IT', 'Europe/Rome', 45.63, 8.7231],
  ['WAW', 'Warsaw Chopin', 'Warsaw', 'PL', 'Europe/Warsaw', 52.1657, 20.9671],
  ['KRK', 'Kraków John Paul II', 'Kraków', 'PL', 'Europe/Warsaw', 50.0777, 19.7848],
  ['GDN', 'Gdańsk Lech Wałęsa', 'Gdańsk', 'PL', 'Europe/Warsaw', 54.3776, 18.4662],
  ['KBP', 'Kyiv Boryspil', 'Kyiv', 'UA', 'Europe/Kyiv', 50.345, 30.8947],
  ['LWO', 'Lviv Danylo Halytskyi', 'Lviv', 'UA', 'Europe/Kyiv', 49.8125, 23.9561],
  ['ODS', 'Odesa', 'Odesa', 'UA', 'Europe/Kyiv', 46.4268, 30.6765],
  ['PRG', 'Prague Václav Havel', 'Prague', 'CZ', 'Europe/Prague', 50.1008, 14.26],
  ['BUD', 'Budapest Ferenc Liszt', 'Budapest', 'HU', 'Europe/Budapest', 47.4298, 19.2611],
  ['OTP', 'Bucharest Henri Coandă', 'Bucharest', 'RO', 'Europe/Bucharest', 44.5711, 26.085],
  ['SOF', 'Sofia', 'Sofia', 'BG', 'Europe/Sofia', 42.6967, 23.4114],
  ['ZAG', 'Zagreb Franjo Tuđman', 'Zagreb', 'HR', 'Europe/Zagreb', 45.7429, 16.0688],
  ['CPH', 'Copenhagen Kastrup', 'Copenhagen', 'DK', 'Europe/Copenhagen', 55.618, 12.656],
  ['OSL', 'Oslo Gardermoen', 'Oslo', 'NO', 'Europe/Oslo', 60.1939, 11.1004],
  ['ARN', 'Stockholm Arlanda', 'Stockholm', 'SE', 'Europe/Stockholm', 59.6519, 17.9186],
  ['HEL', 'Helsinki Vantaa', 'Helsinki', 'FI', 'Europe/Helsinki', 60.3172, 24.9633],
  ['RIX', 'Riga International', 'Riga', 'LV', 'Europe/Riga', 56.9236, 23.9711],
  ['VNO', 'Vilnius', 'Vilnius', 'LT', 'Europe/Vilnius', 54.6341, 25.2858],
  ['TLL', 'Tallinn Lennart Meri', 'Tallinn', 'EE', 'Europe/Tallinn', 59.4133, 24.8328],
  ['KEF', 'Reykjavík Keflavík', 'Reykjavík', 'IS', 'Atlantic/Reykjavik', 63.985, -22.6056],
  ['IST', 'Istanbul', 'Istanbul', 'TR', 'Europe/Istanbul', 41.2753, 28.7519],
  ['TLV', 'Tel Aviv Ben Gurion', 'Tel Aviv', 'IL', 'Asia/Jerusalem', 32.0114, 34.8867],
  ['DXB', 'Dubai International', 'Dubai', 'AE', 'Asia/Dubai', 25.2532, 55.3657],
  ['JFK', 'New York John F. Kennedy', 'New York', 'US', 'America/New_York', 40.6413, -73.7781],
  ['ORD', "Chicago O'Hare", 'Chicago', 'US', 'America/Chicago', 41.9742, -87.9073],
  ['LAX', 'Los Angeles', 'Los Angeles', 'US', 'America/Los_Angeles', 33.9416, -118.4085],
  ['YYZ', 'Toronto Pearson', 'Toronto', 'CA', 'America/Toronto', 43.6777, -79.6248],
  ['NRT', 'Tokyo Narita', 'Tokyo', 'JP', 'Asia/Tokyo', 35.772, 140.3929],
  ['SIN', 'Singapore Changi', 'Singapore', 'SG', 'Asia/Singapore', 1.3644, 103.9915],
];

export const airports: ReadonlyMap<string, Airport> = new Map(
  rows.map(([code, name, city, country, timeZone, lat, lon]) => [
    code,
    Object.freeze({ code, name, city, country, timeZone, lat, lon }),
  ]),
);

export function airportByCode(code: string): Airport | undefined {
  return airports.get(code.toUpperCase());
}
