// Cabin and booking-class codes to the search request's cabin. A cabin code is IATA's compartment
// (F first, C business, W premium economy, M/Y economy). A booking class is the airline's RBD; the
// map below is the common industry assignment (F/A/P first, J/C/D/I/Z/R business, the rest economy)
// since a cryptic entry does not say which airline's table applies. The API searches economy and
// business only, so first goes to business (the highest cabin we sell) and premium economy to economy.
import type { SearchCabin } from '@contrail/sdk';

const businessClasses = new Set(['F', 'A', 'P', 'J', 'C', 'D', 'I', 'Z', 'R']);

export function cabinOfCode(code: string): SearchCabin | undefined {
  switch (code) {
    case 'F':
    case 'P':
    case 'C':
    case 'J':
      return 'business';
    case 'W':
    case 'M':
    case 'Y':
      return 'economy';
    default:
      return undefined;
  }
}

export function cabinOfBookingClass(bookingClass: string): SearchCabin | undefined {
  if (!/^[A-Z]$/.test(bookingClass)) return undefined;
  return businessClasses.has(bookingClass) ? 'business' : 'economy';
}
