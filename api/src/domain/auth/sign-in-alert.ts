// The message an account's owner gets when its sign-in is locked by failed attempts (product spec:
// back office languages en, ua, pl; the account's own language). Sent at most once per alert
// window, whatever the number of attempts, so the alert itself cannot be used to flood an inbox.
export type AlertLanguage = 'en' | 'ua' | 'pl';

const texts: Record<AlertLanguage, { subject: string; body: string }> = {
  en: {
    subject: 'Contrail: failed sign-in attempts on your account',
    body:
      'Someone has repeatedly failed to sign in to your Contrail account, so further attempts from their ' +
      'address are paused for a while. You can still sign in from your usual device. If this was not you, ' +
      'no action is needed; if it keeps happening, change your password or contact your administrator.',
  },
  ua: {
    subject: 'Contrail: невдалі спроби входу до вашого облікового запису',
    body:
      'Хтось кілька разів невдало намагався увійти до вашого облікового запису Contrail, тому подальші ' +
      'спроби з його адреси тимчасово призупинено. Ви й надалі можете увійти зі свого звичного пристрою. ' +
      'Якщо це були не ви, нічого робити не потрібно; якщо це повторюється, змініть пароль або зверніться ' +
      'до адміністратора.',
  },
  pl: {
    subject: 'Contrail: nieudane próby logowania na Twoje konto',
    body:
      'Ktoś wielokrotnie bezskutecznie próbował zalogować się na Twoje konto Contrail, więc kolejne próby z ' +
      'jego adresu są na jakiś czas wstrzymane. Nadal możesz zalogować się ze swojego zwykłego urządzenia. ' +
      'Jeśli to nie Ty, nic nie musisz robić; jeśli to się powtarza, zmień hasło lub skontaktuj się z ' +
      'administratorem.',
  },
};

export function signInAlert(language: AlertLanguage): { subject: string; body: string } {
  return texts[language];
}
