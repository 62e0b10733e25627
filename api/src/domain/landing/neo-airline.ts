// The neo-airline the landing page sells: its code and its network. The network is the airline's
// published route map (hub Warsaw; the sandbox's carrier NE flies exactly these, direct only).
export const neoAirline = {
  code: 'NE',
  hub: 'WAW',
  spokes: ['KBP', 'LWO', 'VIE', 'BER', 'BCN'],
} as const;

/** Every route of the network, both directions: hub to each spoke, then each spoke to the hub. */
export function neoRoutes(): { origin: string; destination: string }[] {
  return [
    ...neoAirline.spokes.map((spoke) => ({ origin: neoAirline.hub, destination: spoke })),
    ...neoAirline.spokes.map((spoke) => ({ origin: spoke, destination: neoAirline.hub })),
  ];
}
