// landing: the neo-flights landing page's public operations and the staff list of presentation
// requests.
import type { AppContext } from '../../../context.js';
import type { NeoFlight } from '../../../domain/landing/neo-flights-source.js';
import type { PresentationRequest } from '../../../domain/landing/presentation-requests.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { listBody, pageOf } from '../../pagination.js';

type Handlers = Pick<
  ServiceHandlers,
  'listNeoFlights' | 'priceNeoFlight' | 'sendPresentationRequest' | 'listPresentationRequests'
>;

export function landingHandlers(ctx: Pick<AppContext, 'neoFlights' | 'presentationRequests'>): Handlers {
  return {
    listNeoFlights: async () => ({
      status: 200,
      body: { flights: (await ctx.neoFlights.list()).map(flightToWire) },
    }),
    priceNeoFlight: async (request) => {
      const b = request.body;
      const price = await ctx.neoFlights.price({
        airline: b.airline,
        flightNumber: b.flight_number,
        departureAirport: b.departure_airport,
        arrivalAirport: b.arrival_airport,
        departureDate: b.departure_date,
        arrivalDate: b.arrival_date,
      });
      return { status: 200, body: { airline_price: price.airlinePrice, provider_price: price.providerPrice } };
    },
    sendPresentationRequest: async (request) => ({
      status: 201,
      body: requestToWire(await ctx.presentationRequests.send(request.body, request.ip)),
    }),
    listPresentationRequests: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.presentationRequests.list(page);
      return { status: 200, body: listBody(items.map(requestToWire), total, page) };
    },
  };
}

function flightToWire(f: NeoFlight): components['schemas']['NeoFlight'] {
  return {
    id: f.id,
    carrier: f.carrier,
    operating_carrier: f.operatingCarrier,
    departure_time: f.departureTime,
    arrival_time: f.arrivalTime,
    departure_date: f.departureDate,
    arrival_date: f.arrivalDate,
    journey_time: f.journeyTime,
    departure_airport: f.departureAirport,
    arrival_airport: f.arrivalAirport,
    flight_number: f.flightNumber,
  };
}

function requestToWire(r: PresentationRequest): components['schemas']['PresentationRequest'] {
  return { id: r.id, language: r.language, email: r.email, type: r.type, created_at: r.createdAt.toISOString() };
}
