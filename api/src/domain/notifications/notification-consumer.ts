// The event log's consumer for people: every dispatched event becomes one notification per person
// who should hear of it (notification-recipients.ts), written in the dispatch transaction, so it
// commits exactly when the event is marked dispatched. The unique (recipient, event) row makes a
// repeat harmless even if an event were handed over twice. A person who chose email for the event's
// family gets a mail, queued in the same transaction (the mail outbox) in their language, and
// triggered after the commit; a lost trigger is re-sent by the worker's mail sweeper.
// Lock order: no booking or balance row is locked here; only rows are inserted.
import type { Db } from '../../db/database.js';
import {
  bookingsNamed,
  exportOwners,
  insertNotifications,
  peopleToTell,
  preferencesOf,
  setNotificationMail,
  staffAccounts,
  supervisorsOf,
  type NotificationInsert,
} from '../../db/notifications.repository.js';
import { dataOf, type DispatchedEvent, type EventConsumer } from '../events/event-dispatch.js';
import { familyOf } from '../events/event-types.js';
import { newId } from '../ids.js';
import type { MailService } from '../mail/mail.service.js';
import { absoluteLink, consolePages } from './console-links.js';
import { linkOf, paramsOf } from './notification-content.js';
import { channelsOf, sendsEmail, showsInApp } from './notification-preferences.js';
import { concernsStaff, recipientsOf } from './notification-recipients.js';
import { isLanguage, renderNotificationMail, type NotificationParams } from './notification-texts.js';

const unique = <T>(values: Iterable<T | null | undefined>): T[] => [
  ...new Set([...values].filter((v): v is T => v !== null && v !== undefined)),
];

export function createNotificationConsumer(deps: {
  mail: Pick<MailService, 'queueIn' | 'trigger'>;
  /** Where people open the console (PUBLIC_APP_URL), for the links in mail. */
  appUrl: string;
}): EventConsumer {
  return {
    name: 'notifications',
    async fanOut(trx: Db, events: readonly DispatchedEvent[]) {
      const reportIds = events
        .filter((e) => e.type === 'sales_report.ready')
        .map((e) => (dataOf(e).object as { id?: string } | null)?.id);
      const [bookings, owners, supervisors, staff] = await Promise.all([
        bookingsNamed(trx, unique(events.map((e) => e.bookingId))),
        exportOwners(trx, unique(reportIds)),
        supervisorsOf(trx, unique(events.map((e) => e.agency_id))),
        events.some((e) => concernsStaff({ type: e.type, agencyId: e.agency_id, liveMode: e.live_mode }))
          ? staffAccounts(trx)
          : Promise.resolve([]),
      ]);
      const directory = { supervisorsOf: (id: string) => supervisors.get(id) ?? [], staff: () => staff };

      const told = events.map((event) => {
        // Parsed for this event alone and let go: only its params are kept for the batch.
        const { object } = dataOf(event);
        const booking = event.bookingId ? bookings.get(event.bookingId) : undefined;
        const reportId = (object as { id?: string } | null)?.id;
        const recipients = recipientsOf(
          {
            type: event.type,
            agencyId: event.agency_id,
            liveMode: event.live_mode,
            bookingId: event.bookingId,
            agentId: event.agentId,
            requesterId: event.type === 'sales_report.ready' && reportId ? (owners.get(reportId) ?? null) : null,
            assigneeId: event.type.startsWith('support_case.')
              ? ((object as { assignee?: { id: string } | null } | null)?.assignee?.id ?? null)
              : null,
          },
          directory,
        );
        const params = paramsOf(event.type, object, booking);
        // Written once for the event, however many people hear of it.
        return { event, params, paramsJson: JSON.stringify(params), recipients };
      });

      const everyone = unique(told.flatMap((t) => t.recipients));
      const [people, chosen] = await Promise.all([peopleToTell(trx, everyone), preferencesOf(trx, everyone)]);
      // Each person's channels are worked out once for the batch, not once for each event they hear of.
      const channels = new Map<string, ReturnType<typeof channelsOf>>();
      const channelsOfPerson = (id: string) => {
        let theirs = channels.get(id);
        if (!theirs) channels.set(id, (theirs = channelsOf(chosen.get(id) ?? new Map())));
        return theirs;
      };
      const rows: {
        row: NotificationInsert;
        type: DispatchedEvent['type'];
        params: NotificationParams;
        wantsMail: boolean;
      }[] = [];
      for (const { event, params, paramsJson, recipients } of told) {
        for (const recipientId of recipients) {
          const person = people.get(recipientId);
          if (!person) continue;
          const channel = channelsOfPerson(recipientId)[familyOf(event.type)];
          if (channel === 'none') continue;
          const staffer = person.user_type === 'Admin' || person.user_type === 'Support';
          rows.push({
            type: event.type,
            params,
            wantsMail: sendsEmail(channel),
            row: {
              id: newId('ntf'),
              recipient_id: recipientId,
              event_id: event.id,
              event_type: event.type,
              live_mode: event.live_mode,
              in_app: showsInApp(channel),
              params: paramsJson,
              link: linkOf(event.type, params, { staff: staffer }, event.companyId),
              mail_message_id: null,
              read_at: null,
              created_at: new Date(event.created_at),
            },
          });
        }
      }
      const fresh = await insertNotifications(
        trx,
        rows.map((r) => r.row),
      );

      // Mail only for rows this pass wrote: a notification that existed already was mailed then.
      const freshIds = new Set(fresh.map((r) => r.id));
      const queued: string[] = [];
      for (const { row, type, params, wantsMail } of rows) {
        if (!wantsMail || !freshIds.has(row.id)) continue;
        const person = people.get(row.recipient_id)!;
        const language = isLanguage(person.language) ? person.language : 'en';
        const message = renderNotificationMail({
          type,
          params,
          language,
          liveMode: row.live_mode,
          firstName: person.first_name,
          url: row.link ? absoluteLink(deps.appUrl, row.link) : null,
          settingsUrl: absoluteLink(deps.appUrl, consolePages.settings),
        });
        const queuedMail = await deps.mail.queueIn(trx, {
          channel: 'email',
          to: person.email,
          subject: message.subject,
          body: message.body,
          language,
        });
        await setNotificationMail(trx, row.id, queuedMail.id);
        queued.push(queuedMail.id);
      }
      if (queued.length === 0) return;
      return async () => {
        for (const id of queued) await deps.mail.trigger(id);
      };
    },
  };
}
