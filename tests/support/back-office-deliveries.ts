// What the back-office feed's tests deliver with: the worker's parts (the outbound guard allowing
// loopback, the sealed-credentials box, the guarded poster, the mail outbox), built the way the
// worker builds them. Mail triggers go nowhere unless a test passes its own (no worker runs).
import type { Db } from '../../api/src/db/database.js';
import type { DeliveryDeps } from '../../api/src/domain/back-office-feed/deliveries.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { createMailService, type MailService } from '../../api/src/domain/mail/mail.service.js';
import { createOutboundGuard } from '../../api/src/outbound/outbound-guard.js';
import { createOutboundPoster } from '../../api/src/outbound/outbound-http.js';

export function deliveryDeps(
  db: Db,
  secretKey: string,
  options: { mail?: Pick<MailService, 'queueIn' | 'trigger'>; timeoutMs?: number } = {},
): DeliveryDeps {
  const guard = createOutboundGuard({ allowCidrs: '127.0.0.0/8' });
  return {
    db,
    clock: systemClock,
    credentials: createSecretBox(secretKey, 'back-office-credential'),
    guard,
    poster: createOutboundPoster(guard, { timeoutMs: options.timeoutMs ?? 10_000 }),
    mail:
      options.mail ?? createMailService({ db, clock: systemClock, jobs: { enqueueEmail: () => Promise.resolve() } }),
  };
}
