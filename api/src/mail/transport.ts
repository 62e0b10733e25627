// Where mail goes: an SMTP server when SMTP_URL is configured; otherwise it stays in the outbox
// table, marked delivered, for staff (and tests) to read. SMS and voice go through the phone port
// (phone-sender.ts): an SMS API when SMS_API_URL is configured, else the outbox the same way.
import nodemailer from 'nodemailer';
import { outboxPhoneSender, type PhoneSender } from './phone-sender.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms' | 'voice';
  recipient: string;
  subject: string;
  body: string;
  /** The language it is written in (the product's code: en, ua, pl), sent as Content-Language. */
  language?: string | null;
  /** Files to attach (the emailed sales report); the outbox keeps them beside the message. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  /** Delivers one message; resolves with where it went, throws when the server refused it. */
  deliver(message: OutgoingMessage): Promise<'sent' | 'delivered'>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl: string; from: string; phone?: PhoneSender }): MailTransport {
  const phone = options.phone ?? outboxPhoneSender;
  const toPhone = (message: OutgoingMessage & { channel: 'sms' | 'voice' }) =>
    phone.send({ channel: message.channel, to: message.recipient, body: message.body, language: message.language });
  if (!options.smtpUrl)
    return {
      deliver: async (message) =>
        message.channel === 'email' ? 'delivered' : toPhone({ ...message, channel: message.channel }),
      close: () => undefined,
    };
  const smtp = nodemailer.createTransport(options.smtpUrl);
  return {
    async deliver(message) {
      if (message.channel !== 'email') return toPhone({ ...message, channel: message.channel });
      await smtp.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        // ISO 639-1 in the header: the product's `ua` is Ukrainian, `uk`.
        ...(message.language
          ? { headers: { 'Content-Language': message.language === 'ua' ? 'uk' : message.language } }
          : {}),
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      return 'sent';
    },
    close: () => smtp.close(),
  };
}
