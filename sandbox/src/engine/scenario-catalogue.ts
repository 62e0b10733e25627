// The scenario catalogue: every trigger of scenarios.ts with what it makes happen, in en, ua and
// pl, served at GET /sandbox/scenarios. The triggers themselves are read from scenarios.ts, and the
// texts are a record over its scenario names, so a scenario added there does not compile until it
// is described here; the API's catalogue is this answer, and a test holds docs/guides/sandbox.md's
// table against it.
import {
  connectionsOnlyRoute,
  nameTriggers,
  orderScenarioTimings as timings,
  routeTriggers,
  type NameScenario,
  type RouteScenario,
} from './scenarios.js';

export type CatalogueLanguage = 'en' | 'ua' | 'pl';
export type ScenarioStage = 'search' | 'pricing' | 'booking' | 'issue' | 'after_booking' | 'change';

/** Scenarios that no single trigger of scenarios.ts names: a fact of the network, a date, any hold. */
type NetworkScenario = 'connections_only' | 'instant_payment_soon' | 'advance_passenger_data' | 'hold_expiry';
export type CatalogueScenario = RouteScenario | NameScenario | NetworkScenario;

export interface CatalogueEntry {
  readonly id: CatalogueScenario;
  readonly stage: ScenarioStage;
  /** The route to search (either direction triggers it); surname scenarios name an ordinary one. */
  readonly route: readonly [string, string];
  /** How many days from today the search departs (a date trigger when the scenario is about dates). */
  readonly daysAhead: number;
  /** The passenger surname that triggers it, when it is a surname scenario. */
  readonly surname: string | null;
  /** For a scenario the clock drives: how long after OrderCreate it happens (sandbox seconds). */
  readonly afterSeconds: number | null;
  readonly texts: Readonly<Record<CatalogueLanguage, { readonly title: string; readonly outcome: string }>>;
}

type Texts = CatalogueEntry['texts'];
const t = (en: [string, string], ua: [string, string], pl: [string, string]): Texts => ({
  en: { title: en[0], outcome: en[1] },
  ua: { title: ua[0], outcome: ua[1] },
  pl: { title: pl[0], outcome: pl[1] },
});

/** An ordinary route for surname scenarios and the hold: LH flies it daily, nothing else triggers. */
const plainRoute = ['WAW', 'FRA'] as const;

const facts: Readonly<
  Record<CatalogueScenario, { stage: ScenarioStage; daysAhead?: number; afterSeconds?: number; texts: Texts }>
> = {
  no_offers: {
    stage: 'search',
    texts: t(
      ['No offers', 'The search answers with no offers at all.'],
      ['Немає пропозицій', 'Пошук не повертає жодної пропозиції.'],
      ['Brak ofert', 'Wyszukiwanie nie zwraca żadnej oferty.'],
    ),
  },
  search_timeout: {
    stage: 'search',
    texts: t(
      ['Search timeout', 'The airline does not answer in time: the search reports the airline as timed out.'],
      ['Тайм-аут пошуку', 'Авіакомпанія не відповідає вчасно: пошук повідомляє про тайм-аут.'],
      ['Przekroczony czas wyszukiwania', 'Linia nie odpowiada na czas: wyszukiwanie zgłasza przekroczenie czasu.'],
    ),
  },
  connections_only: {
    stage: 'search',
    texts: t(
      ['Connections only', 'No carrier flies it nonstop: every journey has two flights.'],
      ['Лише з пересадками', 'Жоден перевізник не літає без пересадок: кожна подорож має два рейси.'],
      ['Tylko z przesiadką', 'Żaden przewoźnik nie lata bez przesiadki: każda podróż ma dwa loty.'],
    ),
  },
  no_baggage: {
    stage: 'search',
    texts: t(
      ['No baggage', 'Every fare comes with 0 checked bags; paid bags are still offered.'],
      ['Без багажу', 'Усі тарифи без зареєстрованого багажу; платний багаж доступний.'],
      ['Bez bagażu', 'Każda taryfa ma 0 sztuk bagażu rejestrowanego; płatny bagaż nadal jest w ofercie.'],
    ),
  },
  instant_payment: {
    stage: 'booking',
    texts: t(
      ['Instant payment', 'No time limit: the booking is held 20 minutes only and must be issued at once.'],
      ['Миттєва оплата', 'Без тайм-ліміту: бронювання тримається лише 20 хвилин і має бути виписане одразу.'],
      [
        'Natychmiastowa płatność',
        'Bez limitu czasu: rezerwacja jest trzymana tylko 20 minut i trzeba ją od razu wystawić.',
      ],
    ),
  },
  instant_payment_soon: {
    stage: 'booking',
    daysAhead: 2,
    texts: t(
      ['Departure within 72 hours', 'Any flight within 72 hours of departure needs instant payment.'],
      ['Виліт протягом 72 годин', 'Будь-який рейс менш ніж за 72 години до вильоту потребує миттєвої оплати.'],
      ['Wylot w ciągu 72 godzin', 'Każdy lot na mniej niż 72 godziny przed wylotem wymaga natychmiastowej płatności.'],
    ),
  },
  price_change: {
    stage: 'pricing',
    texts: t(
      ['Price change', 'The fare costs 8.5 % more when priced or booked: the booking answers price_changed once.'],
      [
        'Зміна ціни',
        'Під час перевірки чи бронювання тариф дорожчає на 8,5 %: бронювання один раз відповідає price_changed.',
      ],
      ['Zmiana ceny', 'Przy wycenie lub rezerwacji taryfa drożeje o 8,5 %: rezerwacja raz odpowiada price_changed.'],
    ),
  },
  sold_out_at_order: {
    stage: 'booking',
    texts: t(
      ['Sold out at booking', 'Search and pricing succeed; booking answers sold out (another seller took the seats).'],
      [
        'Розпродано під час бронювання',
        'Пошук і ціна успішні; бронювання відповідає, що місць немає (їх узяв інший продавець).',
      ],
      [
        'Wyprzedane przy rezerwacji',
        'Wyszukiwanie i wycena działają; rezerwacja odpowiada brakiem miejsc (zajął je inny sprzedawca).',
      ],
    ),
  },
  schedule_change: {
    stage: 'after_booking',
    afterSeconds: timings.scheduleChangeAfterSeconds,
    texts: t(
      ['Schedule change', 'One hour after booking the airline retimes the first flight by 95 minutes.'],
      ['Зміна розкладу', 'Через годину після бронювання авіакомпанія переносить перший рейс на 95 хвилин.'],
      ['Zmiana rozkładu', 'Godzinę po rezerwacji linia przesuwa pierwszy lot o 95 minut.'],
    ),
  },
  airline_cancellation: {
    stage: 'after_booking',
    afterSeconds: timings.airlineCancellationAfterSeconds,
    texts: t(
      ['Airline cancellation', 'Two hours after booking the airline cancels the order; tickets refund in full.'],
      [
        'Скасування авіакомпанією',
        'Через дві години після бронювання авіакомпанія скасовує замовлення; квитки повертаються повністю.',
      ],
      ['Anulowanie przez linię', 'Dwie godziny po rezerwacji linia anuluje zamówienie; bilety są zwracane w całości.'],
    ),
  },
  cheaper_class_later: {
    stage: 'change',
    afterSeconds: timings.cheaperClassAfterSeconds,
    texts: t(
      ['Cheaper class later', 'From 24 hours after booking a re-price finds a cheaper class.'],
      ['Дешевший клас згодом', 'Через 24 години після бронювання переоцінка знаходить дешевший клас.'],
      ['Tańsza klasa później', 'Od 24 godzin po rezerwacji ponowna wycena znajduje tańszą klasę.'],
    ),
  },
  advance_passenger_data: {
    stage: 'booking',
    texts: t(
      [
        'Advance passenger data',
        'Flights to the US and a few other countries need each passenger’s gender and document.',
      ],
      [
        'Попередні дані пасажирів',
        'Рейси до США та кількох інших країн потребують статі й документа кожного пасажира.',
      ],
      ['Dane pasażerów (APIS)', 'Loty do USA i kilku innych krajów wymagają płci i dokumentu każdego pasażera.'],
    ),
  },
  ticketing_error: {
    stage: 'issue',
    texts: t(
      ['Ticketing error', 'Issuing fails with the airline’s refusal; the booking stays held and nothing is paid.'],
      [
        'Помилка виписки',
        'Виписка не вдається через відмову авіакомпанії; бронювання залишається, нічого не сплачено.',
      ],
      ['Błąd wystawienia', 'Wystawienie kończy się odmową linii; rezerwacja zostaje, nic nie jest pobrane.'],
    ),
  },
  slow_emd: {
    stage: 'issue',
    texts: t(
      ['Slow EMD', 'EMDs of services added after issue stay pending for 10 minutes of sandbox time.'],
      ['Повільний EMD', 'EMD послуг, доданих після виписки, очікують 10 хвилин часу пісочниці.'],
      ['Powolny EMD', 'EMD usług dodanych po wystawieniu czekają 10 minut czasu piaskownicy.'],
    ),
  },
  reissue_error: {
    stage: 'change',
    texts: t(
      ['Reissue error', 'Exchanging ticketed flights fails with the airline’s refusal; tickets stay as they were.'],
      [
        'Помилка переоформлення',
        'Обмін виписаних квитків не вдається через відмову авіакомпанії; квитки не змінюються.',
      ],
      ['Błąd reemisji', 'Wymiana wystawionych biletów kończy się odmową linii; bilety pozostają bez zmian.'],
    ),
  },
  time_limit_change: {
    stage: 'after_booking',
    afterSeconds: timings.timeLimitChangeAfterSeconds,
    texts: t(
      ['Time-limit change', '30 minutes after booking the airline shortens the hold to 2 hours from then.'],
      ['Зміна тайм-ліміту', 'Через 30 хвилин після бронювання авіакомпанія скорочує утримання до 2 годин.'],
      ['Zmiana limitu czasu', '30 minut po rezerwacji linia skraca trzymanie rezerwacji do 2 godzin.'],
    ),
  },
  hold_expiry: {
    stage: 'after_booking',
    texts: t(
      ['Hold expiry', 'An unpaid booking expires at its time limit: move the clock past it.'],
      ['Закінчення утримання', 'Неоплачене бронювання закінчується на тайм-ліміті: пересуньте годинник за нього.'],
      ['Wygaśnięcie rezerwacji', 'Nieopłacona rezerwacja wygasa na limicie czasu: przesuń zegar poza niego.'],
    ),
  },
};

/** A flight to the US: offers ask for advance passenger data (engine/offer-build.ts). */
const apisRoute = ['WAW', 'JFK'] as const;

function routeOf(id: CatalogueScenario): readonly [string, string] {
  if (id in routeTriggers) return routeTriggers[id as RouteScenario];
  if (id === 'connections_only') return connectionsOnlyRoute;
  if (id === 'advance_passenger_data') return apisRoute;
  return plainRoute;
}

export const scenarioCatalogue: readonly CatalogueEntry[] = (Object.keys(facts) as CatalogueScenario[]).map((id) => {
  const fact = facts[id];
  return {
    id,
    stage: fact.stage,
    route: routeOf(id),
    daysAhead: fact.daysAhead ?? 30,
    surname: id in nameTriggers ? nameTriggers[id as NameScenario] : null,
    afterSeconds: fact.afterSeconds ?? null,
    texts: fact.texts,
  };
});
