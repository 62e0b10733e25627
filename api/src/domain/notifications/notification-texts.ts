// What a notification says, in the reader's language (the account's en, ua or pl). Each language's
// texts are written for it, not translated word for word; the inputs are the notification's stored
// params, so a text is rendered when it is read (or mailed), in the language of the person reading.
// Dates are shown in UTC and say so: a person and their airline rarely share a time zone.
import type { EventType } from '../events/event-types.js';

export type Language = 'en' | 'ua' | 'pl';
export const isLanguage = (value: string): value is Language => value === 'en' || value === 'ua' || value === 'pl';

/** What the texts are rendered from (all optional: an event tells what it knows). */
export interface NotificationParams {
  locator?: string | null;
  route?: string | null;
  time_limit?: string | null;
  company?: string | null;
  amount?: string | null;
  threshold?: string | null;
  currency?: string | null;
  date_from?: string | null;
  date_to?: string | null;
  rows?: string | null;
  url?: string | null;
  name?: string | null;
  since?: string | null;
  /** A support case: its id (the link) and subject. */
  case_id?: string | null;
  subject?: string | null;
}

/** The tag Intl and Content-Language know the language by (`ua` is the product's code for Ukrainian). */
export const languageTag = (language: Language): string => (language === 'ua' ? 'uk' : language);

export function formatInstant(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : languageTag(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

type Text = (p: Required<{ [K in keyof NotificationParams]: string }>) => string;
interface TypeTexts {
  title: Text;
  body: Text;
}

const en: Record<EventType, TypeTexts> = {
  'booking.created': {
    title: (p) => `Booking ${p.locator} created`,
    body: (p) => `${p.route} is held until ${p.time_limit}. Issue the tickets before then.`,
  },
  'booking.issued': {
    title: (p) => `Tickets issued for ${p.locator}`,
    body: (p) => `${p.route}: the tickets are issued.`,
  },
  'booking.voided': { title: (p) => `Booking ${p.locator} voided`, body: (p) => `${p.route}: the tickets are voided.` },
  'booking.cancelled': {
    title: (p) => `Booking ${p.locator} cancelled`,
    body: (p) => `${p.route}: the booking is cancelled.`,
  },
  'booking.expired': {
    title: (p) => `Booking ${p.locator} expired`,
    body: (p) => `${p.route}: the time limit passed before the tickets were issued, so the airline released the seats.`,
  },
  'booking.time_limit_changed': {
    title: (p) => `New time limit for ${p.locator}`,
    body: (p) => `${p.route}: the airline moved the time limit to ${p.time_limit}.`,
  },
  'booking.time_limit_approaching': {
    title: (p) => `Time limit for ${p.locator} is close`,
    body: (p) => `${p.route}: issue the tickets by ${p.time_limit}, or the booking expires.`,
  },
  'booking.refunded': {
    title: (p) => `Booking ${p.locator} refunded`,
    body: (p) => `${p.route}: the refund is confirmed.`,
  },
  'booking.exchanged': {
    title: (p) => `Flights changed on ${p.locator}`,
    body: (p) => `${p.route}: the exchange is confirmed and the new tickets are issued.`,
  },
  'booking.cheaper_fare_found': {
    title: (p) => `Cheaper fare for ${p.locator}`,
    body: (p) =>
      `${p.route}: Fare Watch found a cheaper fare on the same flights with the same or better conditions. Review it on the Fare Watch page and accept or decline it before it expires.`,
  },
  'booking.rebooked_cheaper': {
    title: (p) => `${p.locator} rebooked at a lower fare`,
    body: (p) => `${p.route}: the booking was rebooked into the cheaper fare and the old hold released.`,
  },
  'emd.issued': {
    title: (p) => `Services issued for ${p.locator}`,
    body: (p) => `${p.route}: the airline issued the EMDs for the services you added.`,
  },
  'emd.failed': {
    title: (p) => `Services not issued for ${p.locator}`,
    body: (p) =>
      `${p.route}: the airline refused to issue the EMDs. Anything taken from the balance was given back; add the services again or contact support.`,
  },
  'schedule_change.detected': {
    title: (p) => `Schedule change on ${p.locator}`,
    body: (p) =>
      `${p.route}: the airline changed the flights. Review the change, then accept it or choose another option.`,
  },
  'schedule_change.resolved': {
    title: (p) => `Schedule change on ${p.locator} settled`,
    body: (p) => `${p.route}: the schedule change is settled.`,
  },
  'balance.low': {
    title: (p) => `Low balance: ${p.company}`,
    body: (p) =>
      `The balance of ${p.company} is ${p.amount} ${p.currency}, below the threshold of ${p.threshold} ${p.currency}. Top it up to keep issuing tickets.`,
  },
  'sales_report.ready': {
    title: () => 'Your sales report is ready',
    body: (p) => `The report for ${p.date_from} – ${p.date_to} (${p.rows} documents) has been sent to your email.`,
  },
  'webhook_endpoint.disabled': {
    title: () => 'Webhook endpoint disabled',
    body: (p) => `Every delivery to ${p.url} failed, so the endpoint was disabled. Fix it, then enable it again.`,
  },
  'back_office_connection.failing': {
    title: (p) => `Back-office connection failing: ${p.name}`,
    body: (p) =>
      `Every delivery to ${p.name} has failed since ${p.since}. Accounting documents wait until it works again: test it on the Back office page.`,
  },
  'support_case.opened': {
    title: (p) => `New support case: ${p.subject}`,
    body: (p) =>
      `${p.name} opened a case${p.locator === '—' ? '' : ` about booking ${p.locator}`}. It waits in the queue.`,
  },
  'support_case.agent_replied': {
    title: (p) => `Agent replied: ${p.subject}`,
    body: (p) => `The agency wrote again in ${p.name}'s case. It waits for an answer in the queue.`,
  },
  'support_case.staff_replied': {
    title: (p) => `Support answered: ${p.subject}`,
    body: () => 'Support wrote in your case. Open it to read the answer (and any offer awaiting your consent).',
  },
};

const ua: Record<EventType, TypeTexts> = {
  'booking.created': {
    title: (p) => `Бронювання ${p.locator} створено`,
    body: (p) => `${p.route}: місця втримуються до ${p.time_limit}. Випишіть квитки до цього часу.`,
  },
  'booking.issued': {
    title: (p) => `Квитки за бронюванням ${p.locator} виписано`,
    body: (p) => `${p.route}: квитки виписано.`,
  },
  'booking.voided': {
    title: (p) => `Бронювання ${p.locator} анульовано`,
    body: (p) => `${p.route}: квитки анульовано.`,
  },
  'booking.cancelled': {
    title: (p) => `Бронювання ${p.locator} скасовано`,
    body: (p) => `${p.route}: бронювання скасовано.`,
  },
  'booking.expired': {
    title: (p) => `Бронювання ${p.locator} втратило чинність`,
    body: (p) => `${p.route}: тайм-ліміт сплив до виписки квитків, тож авіакомпанія зняла бронь із місць.`,
  },
  'booking.time_limit_changed': {
    title: (p) => `Новий тайм-ліміт для ${p.locator}`,
    body: (p) => `${p.route}: авіакомпанія перенесла тайм-ліміт на ${p.time_limit}.`,
  },
  'booking.time_limit_approaching': {
    title: (p) => `Спливає тайм-ліміт ${p.locator}`,
    body: (p) => `${p.route}: випишіть квитки до ${p.time_limit}, інакше бронювання втратить чинність.`,
  },
  'booking.refunded': {
    title: (p) => `Повернення за ${p.locator} оформлено`,
    body: (p) => `${p.route}: повернення підтверджено.`,
  },
  'booking.exchanged': {
    title: (p) => `Рейси в бронюванні ${p.locator} змінено`,
    body: (p) => `${p.route}: обмін підтверджено, нові квитки виписано.`,
  },
  'booking.cheaper_fare_found': {
    title: (p) => `Дешевший тариф для ${p.locator}`,
    body: (p) =>
      `${p.route}: Fare Watch знайшов дешевший тариф на тих самих рейсах з такими ж або кращими умовами. Перегляньте його на сторінці Fare Watch і прийміть або відхиліть до завершення терміну дії.`,
  },
  'booking.rebooked_cheaper': {
    title: (p) => `${p.locator} переоформлено за нижчим тарифом`,
    body: (p) => `${p.route}: бронювання переоформлено за дешевшим тарифом, попереднє бронювання знято.`,
  },
  'emd.issued': {
    title: (p) => `Послуги для ${p.locator} оформлено`,
    body: (p) => `${p.route}: авіакомпанія виписала EMD на додані послуги.`,
  },
  'emd.failed': {
    title: (p) => `Послуги для ${p.locator} не оформлено`,
    body: (p) =>
      `${p.route}: авіакомпанія відмовила у виписці EMD. Списані з балансу кошти повернуто; додайте послуги ще раз або зверніться до підтримки.`,
  },
  'schedule_change.detected': {
    title: (p) => `Зміна розкладу в ${p.locator}`,
    body: (p) => `${p.route}: авіакомпанія змінила рейси. Перегляньте зміну й прийміть її або оберіть інший варіант.`,
  },
  'schedule_change.resolved': {
    title: (p) => `Зміну розкладу в ${p.locator} врегульовано`,
    body: (p) => `${p.route}: питання зі зміною розкладу закрито.`,
  },
  'balance.low': {
    title: (p) => `Низький баланс: ${p.company}`,
    body: (p) =>
      `Баланс ${p.company} — ${p.amount} ${p.currency}, це нижче порогу ${p.threshold} ${p.currency}. Поповніть його, щоб і далі виписувати квитки.`,
  },
  'sales_report.ready': {
    title: () => 'Звіт про продажі готовий',
    body: (p) => `Звіт за період ${p.date_from} – ${p.date_to} надіслано на вашу пошту (документів: ${p.rows}).`,
  },
  'webhook_endpoint.disabled': {
    title: () => 'Адресу для вебхуків вимкнено',
    body: (p) => `Жодна доставка на ${p.url} не вдалася, тому адресу вимкнено. Виправте її та ввімкніть знову.`,
  },
  'back_office_connection.failing': {
    title: (p) => `Збій підключення до бек-офісу: ${p.name}`,
    body: (p) =>
      `Жодна доставка на ${p.name} не вдається з ${p.since}. Облікові документи чекають, доки підключення запрацює: перевірте його на сторінці «Бек-офіс».`,
  },
  'support_case.opened': {
    title: (p) => `Нове звернення: ${p.subject}`,
    body: (p) =>
      `${p.name} відкриває звернення${p.locator === '—' ? '' : ` щодо бронювання ${p.locator}`}. Воно чекає в черзі.`,
  },
  'support_case.agent_replied': {
    title: (p) => `Агент відповів: ${p.subject}`,
    body: (p) => `Агенція знову написала у зверненні (${p.name}). Воно чекає на відповідь у черзі.`,
  },
  'support_case.staff_replied': {
    title: (p) => `Підтримка відповіла: ${p.subject}`,
    body: () =>
      'Підтримка написала у вашому зверненні. Відкрийте його, щоб прочитати відповідь (і пропозицію, що чекає вашої згоди).',
  },
};

const pl: Record<EventType, TypeTexts> = {
  'booking.created': {
    title: (p) => `Utworzono rezerwację ${p.locator}`,
    body: (p) => `${p.route}: miejsca są zarezerwowane do ${p.time_limit}. Wystaw bilety przed tym terminem.`,
  },
  'booking.issued': {
    title: (p) => `Wystawiono bilety do rezerwacji ${p.locator}`,
    body: (p) => `${p.route}: bilety są wystawione.`,
  },
  'booking.voided': {
    title: (p) => `Rezerwacja ${p.locator} unieważniona`,
    body: (p) => `${p.route}: bilety zostały unieważnione.`,
  },
  'booking.cancelled': {
    title: (p) => `Rezerwacja ${p.locator} anulowana`,
    body: (p) => `${p.route}: rezerwacja została anulowana.`,
  },
  'booking.expired': {
    title: (p) => `Rezerwacja ${p.locator} wygasła`,
    body: (p) => `${p.route}: termin wystawienia minął przed wystawieniem biletów, więc linia zwolniła miejsca.`,
  },
  'booking.time_limit_changed': {
    title: (p) => `Nowy termin wystawienia dla ${p.locator}`,
    body: (p) => `${p.route}: linia przesunęła termin wystawienia biletów na ${p.time_limit}.`,
  },
  'booking.time_limit_approaching': {
    title: (p) => `Zbliża się termin wystawienia ${p.locator}`,
    body: (p) => `${p.route}: wystaw bilety do ${p.time_limit}, inaczej rezerwacja wygaśnie.`,
  },
  'booking.refunded': {
    title: (p) => `Zwrot za rezerwację ${p.locator}`,
    body: (p) => `${p.route}: zwrot został potwierdzony.`,
  },
  'booking.exchanged': {
    title: (p) => `Zmieniono loty w rezerwacji ${p.locator}`,
    body: (p) => `${p.route}: wymiana jest potwierdzona, nowe bilety są wystawione.`,
  },
  'booking.cheaper_fare_found': {
    title: (p) => `Tańsza taryfa dla ${p.locator}`,
    body: (p) =>
      `${p.route}: Fare Watch znalazł tańszą taryfę na tych samych lotach z takimi samymi lub lepszymi warunkami. Sprawdź ją na stronie Fare Watch i zaakceptuj lub odrzuć, zanim wygaśnie.`,
  },
  'booking.rebooked_cheaper': {
    title: (p) => `${p.locator} przebukowano po niższej taryfie`,
    body: (p) => `${p.route}: rezerwację przebukowano na tańszą taryfę, a poprzednią zwolniono.`,
  },
  'emd.issued': {
    title: (p) => `Wystawiono usługi do ${p.locator}`,
    body: (p) => `${p.route}: linia wystawiła dokumenty EMD za dodane usługi.`,
  },
  'emd.failed': {
    title: (p) => `Nie wystawiono usług do ${p.locator}`,
    body: (p) =>
      `${p.route}: linia odmówiła wystawienia EMD. Środki pobrane z salda wróciły; dodaj usługi ponownie albo skontaktuj się z pomocą.`,
  },
  'schedule_change.detected': {
    title: (p) => `Zmiana rozkładu w ${p.locator}`,
    body: (p) => `${p.route}: linia zmieniła loty. Sprawdź zmianę, a potem ją zaakceptuj albo wybierz inną opcję.`,
  },
  'schedule_change.resolved': {
    title: (p) => `Zmiana rozkładu w ${p.locator} załatwiona`,
    body: (p) => `${p.route}: sprawa zmiany rozkładu jest zamknięta.`,
  },
  'balance.low': {
    title: (p) => `Niskie saldo: ${p.company}`,
    body: (p) =>
      `Saldo ${p.company} wynosi ${p.amount} ${p.currency} i spadło poniżej progu ${p.threshold} ${p.currency}. Doładuj je, aby dalej wystawiać bilety.`,
  },
  'sales_report.ready': {
    title: () => 'Raport sprzedaży jest gotowy',
    body: (p) => `Raport za okres ${p.date_from} – ${p.date_to} został wysłany na Twój e-mail (dokumentów: ${p.rows}).`,
  },
  'webhook_endpoint.disabled': {
    title: () => 'Wyłączono adres webhooka',
    body: (p) => `Żadna dostawa na ${p.url} się nie powiodła, więc adres został wyłączony. Popraw go i włącz ponownie.`,
  },
  'back_office_connection.failing': {
    title: (p) => `Błędy połączenia z zapleczem: ${p.name}`,
    body: (p) =>
      `Każda dostawa do ${p.name} kończy się błędem od ${p.since}. Dokumenty księgowe czekają, aż połączenie zadziała: sprawdź je na stronie „Zaplecze”.`,
  },
  'support_case.opened': {
    title: (p) => `Nowe zgłoszenie: ${p.subject}`,
    body: (p) =>
      `${p.name} otwiera zgłoszenie${p.locator === '—' ? '' : ` dotyczące rezerwacji ${p.locator}`}. Czeka w kolejce.`,
  },
  'support_case.agent_replied': {
    title: (p) => `Agent odpisał: ${p.subject}`,
    body: (p) => `Agencja znów napisała w zgłoszeniu (${p.name}). Czeka na odpowiedź w kolejce.`,
  },
  'support_case.staff_replied': {
    title: (p) => `Wsparcie odpowiedziało: ${p.subject}`,
    body: () =>
      'Wsparcie napisało w Twoim zgłoszeniu. Otwórz je, aby przeczytać odpowiedź (i propozycję czekającą na Twoją zgodę).',
  },
};

const texts: Record<Language, Record<EventType, TypeTexts>> = { en, ua, pl };

function filled(params: NotificationParams, language: Language) {
  const dash = '—';
  return {
    locator: params.locator ?? dash,
    route: params.route ?? dash,
    time_limit: formatInstant(params.time_limit, language),
    company: params.company ?? dash,
    amount: params.amount ?? dash,
    threshold: params.threshold ?? dash,
    currency: params.currency ?? '',
    date_from: params.date_from ?? dash,
    date_to: params.date_to ?? dash,
    rows: params.rows ?? dash,
    url: params.url ?? dash,
    name: params.name ?? dash,
    since: params.since ?? dash,
    case_id: params.case_id ?? dash,
    subject: params.subject ?? dash,
  };
}

export function renderNotification(type: EventType, params: NotificationParams, language: Language) {
  const t = texts[language][type];
  const p = filled(params, language);
  return { title: t.title(p), body: t.body(p) };
}

/** The email around a notification: greeting, the text, where to open it, why it was sent. */
const mail: Record<
  Language,
  { test: string; body: (m: { name: string; text: string; url: string | null; settingsUrl: string }) => string }
> = {
  en: {
    test: '[Test]',
    body: (m) =>
      [
        `Hello ${m.name},`,
        '',
        m.text,
        ...(m.url ? ['', `Open it in Contrail: ${m.url}`] : []),
        '',
        `You receive this email because of your notification settings. Change them at ${m.settingsUrl}`,
        '',
        '— Contrail',
      ].join('\n'),
  },
  ua: {
    test: '[Тест]',
    body: (m) =>
      [
        `Вітаємо, ${m.name}!`,
        '',
        m.text,
        ...(m.url ? ['', `Відкрити в Contrail: ${m.url}`] : []),
        '',
        `Ви отримали цей лист, бо так налаштовано ваші сповіщення. Змінити налаштування: ${m.settingsUrl}`,
        '',
        '— Contrail',
      ].join('\n'),
  },
  pl: {
    test: '[Test]',
    body: (m) =>
      [
        `Dzień dobry, ${m.name}!`,
        '',
        m.text,
        ...(m.url ? ['', `Otwórz w Contrail: ${m.url}`] : []),
        '',
        `Otrzymujesz tę wiadomość, bo tak ustawiono Twoje powiadomienia. Zmień ustawienia: ${m.settingsUrl}`,
        '',
        '— Contrail',
      ].join('\n'),
  },
};

export function renderNotificationMail(input: {
  type: EventType;
  params: NotificationParams;
  language: Language;
  liveMode: boolean;
  firstName: string;
  url: string | null;
  settingsUrl: string;
}) {
  const { title, body } = renderNotification(input.type, input.params, input.language);
  const m = mail[input.language];
  return {
    subject: input.liveMode ? title : `${m.test} ${title}`,
    body: m.body({ name: input.firstName, text: body, url: input.url, settingsUrl: input.settingsUrl }),
  };
}

/** What a person should do about each kind of item in the "action required" queue. */
export const actionTexts: Record<
  Language,
  Record<'time_limit' | 'emd_failed' | 'schedule_change' | 'cheaper_fare', string>
> = {
  en: {
    time_limit: 'Issue the tickets before the time limit, or cancel the booking.',
    emd_failed: 'The airline refused the services: add them again or contact support.',
    schedule_change: 'The airline changed the flights: accept, change or cancel before the deadline.',
    cheaper_fare: 'A cheaper fare was found: accept or decline it before it expires.',
  },
  ua: {
    time_limit: 'Випишіть квитки до завершення тайм-ліміту або скасуйте бронювання.',
    emd_failed: 'Авіакомпанія відмовила в послугах: додайте їх ще раз або зверніться до підтримки.',
    schedule_change: 'Авіакомпанія змінила рейси: прийміть, змініть або скасуйте до кінцевого терміну.',
    cheaper_fare: 'Знайдено дешевший тариф: прийміть або відхиліть його до завершення терміну дії.',
  },
  pl: {
    time_limit: 'Wystaw bilety przed upływem terminu albo anuluj rezerwację.',
    emd_failed: 'Linia odmówiła usług: dodaj je ponownie albo skontaktuj się z pomocą.',
    schedule_change: 'Linia zmieniła loty: zaakceptuj, zmień lub anuluj przed upływem terminu.',
    cheaper_fare: 'Znaleziono tańszą taryfę: zaakceptuj ją lub odrzuć, zanim wygaśnie.',
  },
};
