// AirShopping's logic: journeys per leg, grouped by the carrier that can sell every leg, then one
// offer per journey combination, fare family and fare type that still has seats. Corporate (NEGO)
// and resident fares exist only when the request carries the matching code, as on a real channel.
import type { Clock } from './clock.js';
import type { FareType } from './fares.js';
import { pickClasses } from './fares.js';
import type { CabinCode, FamilyIndex, Inventory } from './inventory.js';
import { buildOffer, seatedCount, type Offer, type PaxCounts } from './offer-build.js';
import { routeScenarioFor, type RouteScenario } from './scenarios.js';
import { journeysFor, type Journey } from './schedule-connections.js';
import type { Schedule } from './schedule.js';

export interface ShopLeg {
  readonly origin: string;
  readonly destination: string;
  readonly date: string;
}

export interface ShopRequest {
  readonly legs: readonly ShopLeg[];
  readonly pax: PaxCounts;
  readonly cabin: CabinCode;
  readonly carriers?: readonly string[];
  readonly negoCode?: string;
  readonly residentCode?: string;
}

export interface ShopContext {
  readonly seed: string;
  readonly schedule: Schedule;
  readonly inventory: Inventory;
  readonly clock: Clock;
}

/** Keeps answers a readable size: a few departures per leg and carrier, as airlines' NDC APIs do. */
const journeysPerLeg = 3;
const combinationsPerCarrier = 9;
/** A later leg must leave at least this long after the previous one lands. */
const minStayMs = 2 * 3600_000;
const families: FamilyIndex[] = [0, 1, 2];

export function scenariosOf(request: ShopRequest): RouteScenario[] {
  return request.legs.flatMap((leg) => routeScenarioFor(leg.origin, leg.destination) ?? []);
}

function combinations(perLeg: readonly Journey[][]): Journey[][] {
  let combos: Journey[][] = [[]];
  for (const options of perLeg) {
    combos = combos.flatMap((combo) =>
      options
        .filter((j) => {
          const previous = combo.at(-1)?.segments.at(-1)?.flight.arrival.getTime();
          return previous === undefined || j.segments[0]!.flight.departure.getTime() - previous >= minStayMs;
        })
        .map((j) => [...combo, j]),
    );
  }
  return combos.slice(0, combinationsPerCarrier);
}

export function shopOffers(context: ShopContext, request: ShopRequest): Offer[] {
  const scenarios = scenariosOf(request);
  if (scenarios.includes('no_offers')) return [];
  const now = context.clock.now().getTime();
  const wanted = request.carriers?.length ? new Set(request.carriers.map((c) => c.toUpperCase())) : undefined;
  const perLeg = request.legs.map((leg) =>
    journeysFor(context.schedule, leg.origin.toUpperCase(), leg.destination.toUpperCase(), leg.date).filter(
      (j) => j.segments[0]!.flight.departure.getTime() > now && (!wanted || wanted.has(j.owner.code)),
    ),
  );
  const owners = [...new Set(perLeg[0]?.map((j) => j.owner) ?? [])].filter((owner) =>
    perLeg.every((journeys) => journeys.some((j) => j.owner === owner)),
  );
  const fareTypes: FareType[] = [
    'PUBLIC',
    ...(request.negoCode ? (['NEGO'] as const) : []),
    ...(request.residentCode ? (['RESIDENT'] as const) : []),
  ];
  const seats = seatedCount(request.pax);
  const offers: Offer[] = [];
  for (const owner of owners) {
    const legOptions = perLeg.map((journeys) => journeys.filter((j) => j.owner === owner).slice(0, journeysPerLeg));
    for (const journeys of combinations(legOptions)) {
      for (const family of families) {
        const rbds = journeys.map((j) => pickClasses(context.inventory, j, request.cabin, family, seats));
        if (rbds.some((r) => r === undefined)) continue;
        for (const fareType of fareTypes) {
          offers.push(
            buildOffer(
              {
                seed: context.seed,
                owner,
                cabin: request.cabin,
                family,
                fareType,
                journeys,
                rbds: rbds as string[][],
                pax: request.pax,
                scenarios,
              },
              context.clock,
            ),
          );
        }
      }
    }
  }
  return offers.sort((a, b) => a.owner.code.localeCompare(b.owner.code) || a.totalMinor - b.totalMinor);
}
