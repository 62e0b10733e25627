// The airlines' form (product spec §4, §5): the email goes exactly as typed, even empty, with the
// interface language and type 'api', on Enter or 'Send message'. Success replaces the form with
// the promise of contact; a failure leaves the form as it was and is only logged (§8).
import { sendPresentationRequest } from '@contrail/sdk';
import { useState, type FormEvent } from 'react';
import { texts } from '../texts';

export function PresentationForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'submitted'>('editing');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state !== 'editing') return;
    setState('sending');
    try {
      await sendPresentationRequest({ language: texts.locale, email, type: 'api' });
      setState('submitted');
    } catch (error) {
      console.error('The presentation request was not sent', error);
      setState('editing');
    }
  }

  if (state === 'submitted') {
    return (
      <p className="form-sent" role="status">
        {texts.airlines.sent}
      </p>
    );
  }
  return (
    // noValidate: the spec sends the email as typed, so the browser must not block a "bad" one.
    <form className="presentation-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor="presentation-email">{texts.airlines.emailLabel}</label>
      <div className="form-row">
        <input
          id="presentation-email"
          // Not type="email": browsers trim an email input's value, and the spec sends it as typed.
          type="text"
          inputMode="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={state === 'sending'}>
          {texts.airlines.send}
        </button>
      </div>
    </form>
  );
}
