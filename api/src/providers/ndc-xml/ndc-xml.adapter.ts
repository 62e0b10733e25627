// The AirlineProvider over IATA NDC 21.3 XML, beside the JSON adapter (providers/ndc/): the same
// port, so every domain path works unchanged. Documents are built in schema order in the two 21.3
// namespaces and read leniently; how they reach the airline (REST or SOAP, auth, timeouts) is the
// channel's NdcXmlTransport. The shopping half is ndc-xml-shopping.ts, the order half
// ndc-xml-orders.ts; the test-system controls and schedule-change answers ndc-xml-test-system.ts.
import { ProviderError, type AirlineProvider } from '../airline-provider.js';
import type { ExchangeSettings } from './ndc-xml-exchange.js';
import { createNdcXmlOrderCore } from './ndc-xml-orders.js';
import { createNdcXmlTestSystem } from './ndc-xml-test-system.js';
import { createNdcXmlShopping, type TransportOf } from './ndc-xml-shopping.js';

export interface NdcXmlAdapterOptions extends ExchangeSettings {
  /** The channel's transport (its endpoint and credential). */
  readonly transportOf: TransportOf;
  /**
   * The airline system's own root (health, and for the sandbox airlines their scenario catalogue,
   * clocks and notification settings, which are outside the NDC messages).
   */
  readonly systemUrl: string;
}

/** The sandbox airlines' credentials (`sbx_<carrier>_<holder>`, sandbox/README). */
const sandboxPrefix = 'sbx_';

export function createNdcXmlAdapter(options: NdcXmlAdapterOptions): AirlineProvider {
  const system = options.systemUrl.replace(/\/$/, '');
  const shopping = createNdcXmlShopping(options.transportOf, options);

  async function systemGet(path: string, signal: AbortSignal): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${system}${path}`, { signal });
    } catch (error) {
      if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', 'NDC');
      throw new ProviderError('unavailable', 'The airline could not be reached.', 'NDC', { cause: error });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError('unavailable', `The airline answered ${res.status}.`, 'NDC');
    }
    return res;
  }

  return {
    isSandboxCredential: (credential) => credential.startsWith(sandboxPrefix),
    sandboxCredential: (carrier, holder) => `${sandboxPrefix}${carrier}_${holder}`,
    async ping(call = {}) {
      const res = await systemGet('/health', call.signal ?? AbortSignal.timeout(options.timeoutMs));
      await res.body?.cancel();
    },
    async scenarioCatalogue(call = {}) {
      const res = await systemGet('/sandbox/scenarios', call.signal ?? AbortSignal.timeout(options.timeoutMs));
      const body = (await res.json()) as {
        scenarios: {
          id: string;
          stage: 'search' | 'pricing' | 'booking' | 'issue' | 'after_booking' | 'change';
          route: [string, string];
          days_ahead: number;
          surname: string | null;
          after_seconds: number | null;
          texts: Record<'en' | 'ua' | 'pl', { title: string; outcome: string }>;
        }[];
      };
      return body.scenarios.map((s) => ({
        id: s.id,
        stage: s.stage,
        route: s.route,
        daysAhead: s.days_ahead,
        surname: s.surname,
        afterSeconds: s.after_seconds,
        texts: s.texts,
      }));
    },
    shop: shopping.shop,
    price: shopping.price,
    services: shopping.services,
    seats: shopping.seats,
    ...createNdcXmlOrderCore(options.transportOf, options, shopping),
    ...createNdcXmlTestSystem(system, options.timeoutMs),
  };
}
