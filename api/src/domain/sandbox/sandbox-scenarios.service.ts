// The sandbox scenario catalogue as the API answers it: the sandbox airlines' own catalogue (built
// from their scenario triggers, so there is one list), with a ready search for each and its date
// counted from today. Kept for a few minutes: the catalogue changes only with a sandbox release.
import type { AirlineProvider, ScenarioEntry } from '../../providers/airline-provider.js';
import { asDomainError } from '../bookings/booking-airline-errors.js';
import type { Clock } from '../clock.js';

const keptMs = 5 * 60_000;

export function createSandboxScenariosService(deps: { provider: AirlineProvider; clock: Clock }) {
  let kept: { at: number; entries: readonly ScenarioEntry[] } | null = null;

  async function entries(): Promise<readonly ScenarioEntry[]> {
    const now = deps.clock.now().getTime();
    if (kept && now - kept.at < keptMs) return kept.entries;
    try {
      kept = { at: now, entries: await deps.provider.scenarioCatalogue() };
    } catch (error) {
      throw asDomainError(error);
    }
    return kept.entries;
  }

  return {
    async list() {
      const today = deps.clock.now();
      const items = (await entries()).map((entry) => {
        const [origin, destination] = entry.route;
        const departureDate = new Date(today.getTime() + entry.daysAhead * 86_400_000).toISOString().slice(0, 10);
        return {
          id: entry.id,
          stage: entry.stage,
          origin,
          destination,
          departure_date: departureDate,
          surname: entry.surname,
          after_seconds: entry.afterSeconds,
          texts: entry.texts,
          search: {
            origin_destinations: [{ origin, destination, departure_date: departureDate }],
            passengers: { adults: 1 },
          },
        };
      });
      return { items };
    },
  };
}

export type SandboxScenariosService = ReturnType<typeof createSandboxScenariosService>;
