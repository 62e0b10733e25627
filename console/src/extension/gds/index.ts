// The GDS module's public entry: recognising cryptic entries (Amadeus, Sabre, Travelport) in a
// terminal's text, turning a recognition into our search request, and writing the entries that
// record a Contrail booking back in the GDS PNR. Pure TypeScript: no DOM, no chrome APIs, so it runs
// in the extension's content scripts, its panel and in Node tests alike. Import it only from here.
export type {
  AvailabilityRecognition,
  Dialect,
  FareDisplayRecognition,
  GdsBookingRecord,
  PassengerKind,
  RecognisedPassenger,
  Recognition,
} from './recognition.types';
export { dialects } from './recognition.types';
export { recognise } from './recognise';
export { pnrEntries } from './pnr-entries';
export { toSearchFilters, toSearchRequest } from './search-request';
