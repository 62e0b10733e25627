// reference: airports and airlines for search forms.
import { searchAirports, searchCarriers } from '../../../domain/reference/reference.service.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';

type Handlers = Pick<ServiceHandlers, 'listAirports' | 'listCarriers'>;

export function referenceHandlers(): Handlers {
  return {
    listAirports: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = searchAirports(request.query.query, {
        offset: (page.page - 1) * page.perPage,
        limit: page.perPage,
      });
      return {
        status: 200,
        body: listBody(
          items.map((a) => ({ code: a.code, name: a.name, city: a.city, country: a.country, time_zone: a.timeZone })),
          total,
          page,
        ),
      };
    },
    listCarriers: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = searchCarriers(request.query.query, {
        offset: (page.page - 1) * page.perPage,
        limit: page.perPage,
      });
      return {
        status: 200,
        body: listBody(
          items.map((c) => ({ ...c })),
          total,
          page,
        ),
      };
    },
  };
}
