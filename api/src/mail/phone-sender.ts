// The port one-time codes (and any other text for a phone) leave through: an SMS or a voice call to
// a number. Two adapters: the outbox (the default: the message stays in the outbox table that staff
// read, marked delivered) and an SMS API over HTTP (twilio-phone.adapter.ts). Adapters never log or
// put the message body in an error: it carries the code.
export interface PhoneMessage {
  channel: 'sms' | 'voice';
  to: string;
  body: string;
  /** The product's language code (en, ua, pl): what a voice call speaks in. */
  language?: string | null;
}

export interface PhoneSender {
  /** Resolves 'sent' when the provider took it, 'delivered' when it stays in the outbox; throws a PhoneSendError. */
  send(message: PhoneMessage): Promise<'sent' | 'delivered'>;
}

/** A provider's refusal or silence, said without the message (and so without the code). */
export class PhoneSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PhoneSendError';
  }
}

export const outboxPhoneSender: PhoneSender = { send: async () => 'delivered' };
