// mail: the outbox, for staff.
import type { AppContext } from '../../../context.js';
import type { MailMessage } from '../../../domain/mail/mail.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { listBody, pageOf } from '../../pagination.js';

type Handlers = Pick<
  ServiceHandlers,
  'listMailMessages' | 'sendMail' | 'getMailMessage' | 'updateMailMessage' | 'deleteMailMessage'
>;

export function mailHandlers(ctx: Pick<AppContext, 'mail'>): Handlers {
  return {
    listMailMessages: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.mail.list({ to: request.query.to, ...page });
      return { status: 200, body: listBody(items.map(toWire), total, page) };
    },
    sendMail: async (request) => ({
      status: 202,
      body: toWire(await ctx.mail.queue({ channel: 'email', ...request.body })),
    }),
    getMailMessage: async (request) => ({
      status: 200,
      body: toWire(await ctx.mail.get(request.params.id)),
    }),
    updateMailMessage: async (request) => ({
      status: 200,
      body: toWire(await ctx.mail.setRead(request.params.id, request.body.read)),
    }),
    deleteMailMessage: async (request) => {
      await ctx.mail.remove(request.params.id);
      return { status: 204, body: undefined };
    },
  };
}

function toWire(m: MailMessage): components['schemas']['MailMessage'] {
  return {
    id: m.id,
    channel: m.channel,
    to: m.to,
    subject: m.subject,
    body: m.body,
    status: m.status,
    read: m.read,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt ? m.sentAt.toISOString() : null,
  };
}
