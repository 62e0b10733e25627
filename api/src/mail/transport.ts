// Where mail goes: an SMTP server when SMTP_URL is configured; otherwise it stays in the outbox
// table, marked delivered, for staff (and tests) to read. SMS and voice have no provider yet and
// always stay in the outbox with their channel.
import nodemailer from 'nodemailer';

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

export function createMailTransport(options: { smtpUrl: string; from: string }): MailTransport {
  if (!options.smtpUrl) return { deliver: async () => 'delivered', close: () => undefined };
  const smtp = nodemailer.createTransport(options.smtpUrl);
  return {
    async deliver(message) {
      if (message.channel !== 'email') return 'delivered';
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
