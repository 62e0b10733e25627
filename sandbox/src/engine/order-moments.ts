// The latest moment an order recorded (booked, paid, issued, ended, or an airline event stamped on
// it). A channel's time is never set back before it: an order must not read as issued in the future.
import type { Order } from './order-model.js';

export function latestRecordedMoment(orders: readonly Order[]): number | null {
  let latest: number | null = null;
  const see = (at: Date | undefined) => {
    if (at && (latest === null || at.getTime() > latest)) latest = at.getTime();
  };
  for (const order of orders) {
    see(order.createdAt);
    see(order.issuedAt);
    see(order.closedAt);
    order.documents.forEach((d) => see(d.issuedAt));
    order.services.forEach((s) => see(s.requestedAt));
    order.payments.forEach((p) => see(p.at));
    order.disruptions?.forEach((d) => {
      see(d.occurredAt);
      see(d.acknowledgedAt);
    });
    // Events the clock applied are stamped at their moment in the order's remarks.
    for (const remark of order.remarks) {
      const at = Date.parse(remark.slice(0, 24));
      if (!Number.isNaN(at)) see(new Date(at));
    }
  }
  return latest;
}
