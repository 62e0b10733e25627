// OrderChangeNotif delivery: each order event is POSTed as JSON to the URL registered for the
// order's channel credential (PUT /sandbox/notify_url), else to SANDBOX_NOTIFY_URL, and retried
// with the given wall-clock delays until a 2xx answer. A URL registered with format `xml` gets the
// NDC 21.3 XML OrderChangeNotif instead, and counts as delivered only once the seller's
// IATA_Acknowledgement says OK. Deliveries are kept (last 200 per credential)
// so a caller can see what was sent with GET /sandbox/notifications.
import type { OrderEvent } from '../engine/order-book-types.js';
import { idOf } from '../engine/prng.js';
import type { OrderChangeNotifRQ } from '../messages/order-change-notif.schema.js';
import { orderToView } from '../messages/order.mapper.js';
import { acknowledgementStatusOf, orderChangeNotifXml } from '../ndc-xml/order-change-notif.xml.js';

export type NotifyFormat = 'json' | 'xml';

export interface Delivery {
  NotifID: string;
  OrderID: string;
  ChangeTypeCode: OrderChangeNotifRQ['ChangeTypeCode'];
  URL: string | null;
  Format: NotifyFormat;
  Attempts: number;
  /** The seller's IATA_Acknowledgement StatusCode (XML deliveries). */
  AckStatusCode?: string;
  StatusCode: 'PENDING' | 'DELIVERED' | 'FAILED' | 'NO_URL';
  LastError?: string;
}

export interface NotifierOptions {
  readonly defaultUrl?: string | undefined;
  /** Waits before each retry; the number of entries is the number of retries. */
  readonly retryDelaysMs?: readonly number[];
  readonly timeoutMs?: number;
}

export interface Notifier {
  subscribe(credential: string, url: string | null, format?: NotifyFormat): void;
  urlFor(credential: string): string | null;
  formatFor(credential: string): NotifyFormat;
  deliveries(credential: string): readonly Delivery[];
  notify(event: OrderEvent): void;
  /** Resolves once nothing is in flight or waiting to retry (tests). */
  settled(): Promise<void>;
  close(): void;
}

const keptPerCredential = 200;

export function notifBody(event: OrderEvent): OrderChangeNotifRQ {
  const { order } = event;
  return {
    PayloadAttributes: { Version: '21.3', Timestamp: event.occurredAt.toISOString() },
    NotifID: event.notice?.notifId ?? idOf('NT', order.id, event.type, event.occurredAt.toISOString(), event.text),
    OrderID: order.id,
    OwnerCode: order.owner.code,
    ChangeTypeCode: event.type,
    DescText: event.text,
    OccurredDateTime: event.occurredAt.toISOString(),
    Order: { StatusCode: order.status, PaymentTimeLimitDateTime: order.paymentTimeLimit?.toISOString() ?? null },
    ...(event.notice
      ? {
          NoticeTypeCode: event.notice.full ? ('FULL' as const) : ('LIGHT' as const),
          ...(event.notice.full ? { OrderViewRS: orderToView(order, event.occurredAt) } : {}),
        }
      : {}),
  };
}

export function createNotifier(options: NotifierOptions = {}): Notifier {
  const urls = new Map<string, string>();
  const formats = new Map<string, NotifyFormat>();
  const sent = new Map<string, Delivery[]>();
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const retryDelays = options.retryDelaysMs ?? [1000, 5000, 30_000];
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function deliver(delivery: Delivery, body: OrderChangeNotifRQ, xml: string | null): Promise<void> {
    for (let attempt = 0; attempt <= retryDelays.length && !closed; attempt += 1) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
      if (closed) return;
      delivery.Attempts += 1;
      try {
        const res = await fetch(delivery.URL!, {
          method: 'POST',
          headers: {
            'content-type': xml === null ? 'application/json' : 'application/xml',
            'x-sandbox-notif-id': delivery.NotifID,
          },
          body: xml ?? JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (res.ok && xml !== null) {
          const status = await acknowledgementStatusOf(await res.text());
          if (status !== null) delivery.AckStatusCode = status;
          if (status === 'OK') {
            delivery.StatusCode = 'DELIVERED';
            return;
          }
          delivery.LastError = status === null ? 'No IATA_Acknowledgement in the answer' : `Acknowledged ${status}`;
          continue;
        }
        if (res.ok) {
          delivery.StatusCode = 'DELIVERED';
          return;
        }
        delivery.LastError = `HTTP ${res.status}`;
      } catch (error) {
        delivery.LastError = error instanceof Error ? error.message : String(error);
      }
    }
    delivery.StatusCode = 'FAILED';
  }

  const notifier: Notifier = {
    subscribe(credential, url, format = 'json') {
      if (url) urls.set(credential, url);
      else urls.delete(credential);
      if (url && format === 'xml') formats.set(credential, format);
      else formats.delete(credential);
    },
    formatFor: (credential) => formats.get(credential) ?? 'json',
    urlFor: (credential) => urls.get(credential) ?? options.defaultUrl ?? null,
    deliveries: (credential) => sent.get(credential) ?? [],
    notify(event) {
      const body = notifBody(event);
      const url = notifier.urlFor(event.order.credential);
      const delivery: Delivery = {
        NotifID: body.NotifID,
        OrderID: body.OrderID,
        ChangeTypeCode: body.ChangeTypeCode,
        URL: url,
        Format: notifier.formatFor(event.order.credential),
        Attempts: 0,
        StatusCode: url ? 'PENDING' : 'NO_URL',
      };
      const list = sent.get(event.order.credential) ?? [];
      list.push(delivery);
      if (list.length > keptPerCredential) list.shift();
      sent.set(event.order.credential, list);
      if (!url) return;
      // The XML full form carries the order as it now is, unless the airline chose a light notice.
      const light = event.notice !== undefined && !event.notice.full;
      const xml =
        delivery.Format === 'xml'
          ? orderChangeNotifXml(body, light ? null : orderToView(event.order, event.occurredAt))
          : null;
      const running = deliver(delivery, body, xml).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
    },
  };
  return notifier;
}
