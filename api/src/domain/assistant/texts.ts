// What the assistant says, in English, Ukrainian and Polish.
export type Language = 'en' | 'ua' | 'pl';

type Text = Record<Language, string>;
const t = (en: string, ua: string, pl: string): Text => ({ en, ua, pl });

export const texts = {
  unknown: t(
    'I did not understand that. I answer questions and propose changes through these tools only; for example:',
    'Я не зрозумів запитання. Я відповідаю і пропоную зміни лише через ці інструменти; наприклад:',
    'Nie zrozumiałem pytania. Odpowiadam i proponuję zmiany tylko za pomocą tych narzędzi; na przykład:',
  ),
  examples: t(
    [
      '"show bookings of Sky Travel last week"',
      '"history of booking AB12CD"',
      '"sales of LH in March"',
      '"balance of company Acme"',
      '"ledger of company Acme"',
      '"channels of agency Sky Travel"',
      '"who changed the main gate?"',
      '"close the gate of agency Sky Travel"',
      '"switch off LH for agency Sky Travel"',
      '"top up Acme by 500 EUR, comment: bank transfer"',
      '"archive partner Sky Travel"',
      '"failed webhook deliveries last week"',
      '"schedule changes awaiting action"',
      '"fare watch savings last month"',
      '"set markup mku_… to 5%"',
      '"accept join request jar_…"',
      '"retry the failed EMD of AB12CD"',
    ].join('; '),
    [
      '"покажи бронювання Sky Travel за минулий тиждень"',
      '"історія бронювання AB12CD"',
      '"продажі LH у березні"',
      '"баланс компанії Acme"',
      '"рух коштів компанії Acme"',
      '"канали агенції Sky Travel"',
      '"хто змінив головний шлюз?"',
      '"закрий шлюз агенції Sky Travel"',
      '"вимкни LH для агенції Sky Travel"',
      '"поповни Acme на 500 EUR, коментар: банківський переказ"',
      '"архівуй партнера Sky Travel"',
      '"невдалі доставки вебхуків за минулий тиждень"',
      '"зміни розкладу, що чекають на дію"',
      '"заощадження Fare Watch за минулий місяць"',
      '"встанови націнку mku_… на 5%"',
      '"прийми запит на приєднання jar_…"',
      '"повтори невдалий EMD бронювання AB12CD"',
    ].join('; '),
    [
      '"pokaż rezerwacje Sky Travel w zeszłym tygodniu"',
      '"historia rezerwacji AB12CD"',
      '"sprzedaż LH w marcu"',
      '"saldo firmy Acme"',
      '"operacje firmy Acme"',
      '"kanały agencji Sky Travel"',
      '"kto zmienił główną bramkę?"',
      '"zamknij bramkę agencji Sky Travel"',
      '"wyłącz LH dla agencji Sky Travel"',
      '"doładuj Acme o 500 EUR, komentarz: przelew bankowy"',
      '"zarchiwizuj partnera Sky Travel"',
      '"nieudane doręczenia webhooków w zeszłym tygodniu"',
      '"zmiany rozkładu czekające na decyzję"',
      '"oszczędności Fare Watch w zeszłym miesiącu"',
      '"ustaw marżę mku_… na 5%"',
      '"przyjmij prośbę o dołączenie jar_…"',
      '"ponów nieudany EMD rezerwacji AB12CD"',
    ].join('; '),
  ),
  needCompany: t(
    'Which company? I could not find its name.',
    'Яка компанія? Я не знайшов її назви.',
    'Która firma? Nie znalazłem jej nazwy.',
  ),
  needAgency: t(
    'Which partner (agency)? I could not find its name.',
    'Який партнер (агенція)? Я не знайшов його назви.',
    'Który partner (agencja)? Nie znalazłem jego nazwy.',
  ),
  needAmount: t(
    'What amount? Write it with its currency, for example "500 EUR".',
    'Яка сума? Напишіть її з валютою, наприклад "500 EUR".',
    'Jaka kwota? Podaj ją z walutą, na przykład "500 EUR".',
  ),
  needComment: t(
    'A balance change needs a comment: add "comment: …" to the request.',
    'Зміна балансу потребує коментаря: додайте "коментар: …" до запиту.',
    'Zmiana salda wymaga komentarza: dodaj "komentarz: …" do polecenia.',
  ),
  needWhat: t(
    'What should I open or close, switch on or off? Name a gate, a partner, a company or a carrier of a partner.',
    'Що відкрити чи закрити, увімкнути чи вимкнути? Назвіть шлюз, партнера, компанію або перевізника партнера.',
    'Co otworzyć lub zamknąć, włączyć lub wyłączyć? Podaj bramkę, partnera, firmę albo przewoźnika partnera.',
  ),
  needChannel: t(
    'That partner has no channel of this carrier.',
    'У цього партнера немає каналу цього перевізника.',
    'Ten partner nie ma kanału tego przewoźnika.',
  ),
  needDelivery: t(
    'Which delivery? Give its id (whd_…).',
    'Яку доставку? Вкажіть її id (whd_…).',
    'Które doręczenie? Podaj jego id (whd_…).',
  ),
  needMarkup: t(
    'Which markup, and what value? Give its id (mku_…) and the new value, for example "5%" or "12 EUR".',
    'Яку націнку і яке значення? Вкажіть її id (mku_…) і нове значення, наприклад "5%" або "12 EUR".',
    'Którą marżę i jaką wartość? Podaj jej id (mku_…) i nową wartość, na przykład "5%" lub "12 EUR".',
  ),
  needBatch: t(
    'Which batch? Give its id (bod_…).',
    'Який пакет? Вкажіть його id (bod_…).',
    'Która paczka? Podaj jej id (bod_…).',
  ),
  needJoinRequest: t(
    'Which join request, and accept or decline? Give its id (jar_…).',
    'Який запит на приєднання, і прийняти чи відхилити? Вкажіть його id (jar_…).',
    'Która prośba o dołączenie, i przyjąć czy odrzucić? Podaj jej id (jar_…).',
  ),
  needEmdRequest: t(
    "Which failed EMD? Give the booking's locator or the request's id (emr_…).",
    'Який невдалий EMD? Вкажіть локатор бронювання або id запиту (emr_…).',
    'Który nieudany EMD? Podaj lokator rezerwacji lub id zlecenia (emr_…).',
  ),
  noFailedEmd: t(
    'I found no failed EMD request there that you can see: only a failed one is retried.',
    'Я не знайшов там невдалого запиту EMD, який ви бачите: повторити можна лише невдалий.',
    'Nie znalazłem tam nieudanego zlecenia EMD, które widzisz: ponowić można tylko nieudane.',
  ),
  noMarkup: t(
    'That company has no markup to change; add one on its Markups page first.',
    'Ця компанія не має націнки, яку можна змінити; спершу додайте її на сторінці націнок.',
    'Ta firma nie ma marży do zmiany; najpierw dodaj ją na stronie marż.',
  ),
  whichMarkup: t(
    'That company has more than one markup. Which one? Name its carrier or give its id:',
    'Ця компанія має кілька націнок. Яку саме? Назвіть перевізника або вкажіть id:',
    'Ta firma ma więcej niż jedną marżę. Którą? Podaj przewoźnika lub id:',
  ),
  noFailedBatch: t(
    'I found no failed back-office batch of that partner in that period.',
    'Я не знайшов невдалого пакета для бек-офісу цього партнера за цей період.',
    'Nie znalazłem nieudanej paczki do back office tego partnera w tym okresie.',
  ),
  whichBatch: t(
    'That partner has more than one failed batch then. Which one? Give its id:',
    'Цей партнер має тоді кілька невдалих пакетів. Який саме? Вкажіть id:',
    'Ten partner ma wtedy więcej niż jedną nieudaną paczkę. Którą? Podaj id:',
  ),
  noJoinRequest: t(
    'I found no pending join request for those names.',
    'Я не знайшов запиту на приєднання, що чекає рішення, для цих назв.',
    'Nie znalazłem oczekującej prośby o dołączenie dla tych nazw.',
  ),
  whichJoinRequest: t(
    'More than one pending join request fits. Which one? Name the company and the partner, or give its id:',
    'Підходить кілька запитів на приєднання. Який саме? Назвіть компанію і партнера або вкажіть id:',
    'Pasuje więcej niż jedna prośba o dołączenie. Która? Podaj firmę i partnera lub id:',
  ),
  needLocator: t(
    'Which booking? Give its locator (six letters and digits).',
    'Яке бронювання? Вкажіть його локатор (шість літер і цифр).',
    'Która rezerwacja? Podaj jej lokator (sześć liter i cyfr).',
  ),
  forbidden: t(
    'You may not do this by hand, so I cannot do it for you either.',
    'Ви не можете зробити це вручну, тож і я не можу зробити це за вас.',
    'Nie możesz zrobić tego ręcznie, więc ja też nie mogę zrobić tego za ciebie.',
  ),
  planReady: t(
    'Here is the plan. Nothing has changed yet: confirm it to run it (it expires in 10 minutes).',
    'Ось план. Нічого ще не змінено: підтвердьте його, щоб виконати (він діє 10 хвилин).',
    'Oto plan. Nic jeszcze nie zmieniono: potwierdź go, aby go wykonać (wygasa za 10 minut).',
  ),
  modelRefused: t(
    'The model asked for tools that do not exist ({tools}); nothing was proposed.',
    'Модель запросила інструменти, яких не існує ({tools}); нічого не запропоновано.',
    'Model poprosił o narzędzia, które nie istnieją ({tools}); nic nie zaproponowano.',
  ),
  found: t('Found {n}.', 'Знайдено: {n}.', 'Znaleziono: {n}.'),
  notFoundBooking: t('No such booking.', 'Такого бронювання немає.', 'Nie ma takiej rezerwacji.'),
  invalid: t(
    'I understood the request but its details are not valid: {detail}',
    'Я зрозумів запит, але його дані неправильні: {detail}',
    'Zrozumiałem polecenie, ale jego dane są nieprawidłowe: {detail}',
  ),
};

export const titles = {
  bookings: t('Bookings', 'Бронювання', 'Rezerwacje'),
  booking: t('Booking', 'Бронювання', 'Rezerwacja'),
  history: t('History', 'Історія', 'Historia'),
  sales: t('Sales', 'Продажі', 'Sprzedaż'),
  byCarrier: t('By carrier', 'За перевізниками', 'Według przewoźników'),
  balances: t('Balances', 'Баланси', 'Salda'),
  ledger: t('Ledger', 'Рух коштів', 'Operacje'),
  gates: t('Gates', 'Шлюзи', 'Bramki'),
  channels: t('Channels', 'Канали', 'Kanały'),
  audit: t('Changes', 'Зміни', 'Zmiany'),
  webhookFailures: t('Failed webhook deliveries', 'Невдалі доставки вебхуків', 'Nieudane doręczenia webhooków'),
  backOfficeFailures: t('Failed back-office batches', 'Невдалі пакети для бек-офісу', 'Nieudane paczki do back office'),
  failedEmds: t('Failed EMD requests', 'Невдалі запити EMD', 'Nieudane zlecenia EMD'),
  scheduleChanges: t(
    'Schedule changes awaiting action',
    'Зміни розкладу, що чекають на дію',
    'Zmiany rozkładu czekające na decyzję',
  ),
  fareWatchSavings: t('Fare Watch savings', 'Заощадження Fare Watch', 'Oszczędności Fare Watch'),
  byMonth: t('By month', 'За місяцями', 'Według miesięcy'),
};

const onOff = { true: t('open', 'відкрити', 'otworzyć'), false: t('close', 'закрити', 'zamknąć') };
const switchWord = { true: t('switch on', 'увімкнути', 'włączyć'), false: t('switch off', 'вимкнути', 'wyłączyć') };

/** A plan step in words. */
export function stepSummary(
  language: Language,
  tool: string,
  args: Record<string, any>,
  names: Record<string, string>,
): string {
  const name = (id: unknown) => (typeof id === 'string' ? `${names[id] ?? id} (${id})` : '');
  const open = onOff[String(Boolean(args.active)) as 'true' | 'false'][language];
  switch (tool) {
    case 'set_platform_gate':
      return {
        en: `${open} the ${args.gate} gate`,
        ua: `${open} шлюз «${args.gate}»`,
        pl: `${open} bramkę „${args.gate}”`,
      }[language];
    case 'set_partner_gate':
      return {
        en: `${open} the gate of partner ${name(args.agency_id)}`,
        ua: `${open} шлюз партнера ${name(args.agency_id)}`,
        pl: `${open} bramkę partnera ${name(args.agency_id)}`,
      }[language];
    case 'set_company_gate':
      return {
        en: `${open} the gate of company ${name(args.company_id)}`,
        ua: `${open} шлюз компанії ${name(args.company_id)}`,
        pl: `${open} bramkę firmy ${name(args.company_id)}`,
      }[language];
    case 'switch_channel': {
      const w = switchWord[String(Boolean(args.on_by_admin)) as 'true' | 'false'][language];
      return {
        en: `${w} channel ${name(args.channel_id)}`,
        ua: `${w} канал ${name(args.channel_id)}`,
        pl: `${w} kanał ${name(args.channel_id)}`,
      }[language];
    }
    case 'change_balance': {
      const money = `${args.amount?.amount} ${args.amount?.currency}`;
      const debit = String(args.amount?.amount).startsWith('-');
      return {
        en: `${debit ? 'debit' : 'top up'} the balance of company ${name(args.company_id)} by ${money}, comment "${args.reason}"`,
        ua: `${debit ? 'списати з балансу' : 'поповнити баланс'} компанії ${name(args.company_id)} на ${money}, коментар «${args.reason}»`,
        pl: `${debit ? 'obciążyć saldo' : 'doładować saldo'} firmy ${name(args.company_id)} o ${money}, komentarz „${args.reason}”`,
      }[language];
    }
    case 'archive_partner':
      return {
        en: `archive partner ${name(args.agency_id)}`,
        ua: `архівувати партнера ${name(args.agency_id)}`,
        pl: `zarchiwizować partnera ${name(args.agency_id)}`,
      }[language];
    case 'resend_webhook':
      return {
        en: `resend webhook delivery ${args.delivery_id}`,
        ua: `повторно надіслати доставку вебхука ${args.delivery_id}`,
        pl: `ponownie wysłać doręczenie webhooka ${args.delivery_id}`,
      }[language];
    case 'set_markup': {
      const changes = Object.entries(args)
        .filter(([k]) => k !== 'markup_id')
        .map(([k, v]) => `${k} = ${v === null ? 'null' : String(v)}`)
        .join(', ');
      return {
        en: `set markup ${args.markup_id}: ${changes}`,
        ua: `змінити націнку ${args.markup_id}: ${changes}`,
        pl: `zmienić marżę ${args.markup_id}: ${changes}`,
      }[language];
    }
    case 'resend_back_office_batch':
      return {
        en: `resend back-office batch ${args.delivery_id}`,
        ua: `повторно надіслати пакет для бек-офісу ${args.delivery_id}`,
        pl: `ponownie wysłać paczkę do back office ${args.delivery_id}`,
      }[language];
    case 'answer_join_request': {
      const accept = args.answer === 'accept';
      return {
        en: `${accept ? 'accept' : 'decline'} join request ${args.request_id}`,
        ua: `${accept ? 'прийняти' : 'відхилити'} запит на приєднання ${args.request_id}`,
        pl: `${accept ? 'przyjąć' : 'odrzucić'} prośbę o dołączenie ${args.request_id}`,
      }[language];
    }
    case 'retry_failed_emd':
      return {
        en: `retry failed EMD request ${args.request_id} of booking ${args.locator} (the balance pays again)`,
        ua: `повторити невдалий запит EMD ${args.request_id} бронювання ${args.locator} (баланс оплачує знову)`,
        pl: `ponowić nieudane zlecenie EMD ${args.request_id} rezerwacji ${args.locator} (saldo płaci ponownie)`,
      }[language];
    default:
      return tool;
  }
}

export function say(text: Text, language: Language, vars: Record<string, string | number> = {}): string {
  return text[language].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/** A table column's heading by its key; a key missing here is shown as it is. */
export const columnLabels: Record<string, Text> = {
  action: t('Action', 'Дія', 'Działanie'),
  action_deadline: t('Act by', 'Діяти до', 'Działaj do'),
  active: t('On', 'Увімкнено', 'Włączony'),
  active_by_main_gate: t('Main gate', 'Головний шлюз', 'Bramka główna'),
  active_by_supervisor: t('By supervisor', 'Супервізором', 'Przez kierownika'),
  actor: t('By', 'Хто', 'Kto'),
  agency: t('Agency gate', 'Шлюз агенцій', 'Bramka agencji'),
  airline_locator: t('Airline locator', 'Локатор авіакомпанії', 'Lokalizator linii'),
  amount: t('Amount', 'Сума', 'Kwota'),
  at: t('When', 'Коли', 'Kiedy'),
  attempts: t('Attempts', 'Спроби', 'Próby'),
  available_actions: t('Possible actions', 'Можливі дії', 'Możliwe działania'),
  balance: t('Balance', 'Баланс', 'Saldo'),
  balance_after: t('Balance after', 'Баланс після', 'Saldo po'),
  captured: t('Accepted', 'Прийнято', 'Przyjęte'),
  carrier: t('Carrier', 'Перевізник', 'Przewoźnik'),
  channel: t('Channel gate', 'Шлюз каналів', 'Bramka kanałów'),
  company: t('Company', 'Компанія', 'Firma'),
  connection: t('Connection', 'Підключення', 'Połączenie'),
  consequence_of_inaction: t('If nobody acts', 'Якщо ніхто не діє', 'Jeśli nikt nie zadziała'),
  created_at: t('Created', 'Створено', 'Utworzono'),
  currency: t('Currency', 'Валюта', 'Waluta'),
  declined: t('Declined', 'Відхилено', 'Odrzucone'),
  detail: t('Detail', 'Подробиці', 'Szczegóły'),
  documents: t('Documents', 'Документи', 'Dokumenty'),
  endpoint: t('Endpoint', 'Кінцева точка', 'Punkt końcowy'),
  entity: t('What', 'Що', 'Co'),
  error: t('Error', 'Помилка', 'Błąd'),
  event: t('Event', 'Подія', 'Zdarzenie'),
  expired: t('Expired', 'Минуло', 'Wygasłe'),
  fees: t('Fees', 'Збори', 'Opłaty'),
  file: t('File', 'Файл', 'Plik'),
  found: t('Found', 'Знайдено', 'Znalezione'),
  id: t('ID', 'ID', 'ID'),
  issued_at: t('Issued', 'Виписано', 'Wystawiono'),
  last_error: t('Last error', 'Остання помилка', 'Ostatni błąd'),
  last_status: t('Last status', 'Останній статус', 'Ostatni status'),
  locator: t('Locator', 'Локатор', 'Lokalizator'),
  main: t('Main gate', 'Головний шлюз', 'Bramka główna'),
  markups: t('Markups', 'Націнки', 'Marże'),
  on_by_admin: t('By admin', 'Адміністратором', 'Przez administratora'),
  partner: t('Partner', 'Партнер', 'Partner'),
  passengers: t('Passengers', 'Пасажири', 'Pasażerowie'),
  price: t('Price', 'Ціна', 'Cena'),
  question: t('Question', 'Запитання', 'Pytanie'),
  reason: t('Reason', 'Причина', 'Powód'),
  refunds: t('Refunds', 'Повернення', 'Zwroty'),
  revenue: t('Revenue', 'Виторг', 'Przychód'),
  role: t('Role', 'Роль', 'Rola'),
  rows: t('Rows', 'Рядки', 'Wiersze'),
  savings: t('Saved', 'Заощаджено', 'Zaoszczędzono'),
  status: t('Status', 'Статус', 'Status'),
  ticketing_active: t('Ticketing', 'Виписка', 'Wystawianie'),
  time_limit: t('Time limit', 'Ліміт часу', 'Termin'),
  type: t('Type', 'Тип', 'Typ'),
  via_assistant_plan: t('Assistant plan', 'План асистента', 'Plan asystenta'),
};

const isOpen = { true: t('open', 'відкритий', 'otwarta'), false: t('closed', 'закритий', 'zamknięta') };
const isOn = { true: t('on', 'увімкнений', 'włączony'), false: t('off', 'вимкнений', 'wyłączony') };
const boolOf = (value: unknown, fallback: unknown) => String(typeof value === 'boolean' ? value : Boolean(fallback));

/**
 * What a step that ran did, in words, from what its tool answered: the state it left behind (a
 * gate's position, a balance, a request's status), not just "done".
 */
export function resultText(
  language: Language,
  tool: string,
  args: Record<string, any>,
  result: any,
  names: Record<string, string>,
): string {
  const r = result && typeof result === 'object' ? result : {};
  const name = (id: unknown) => (typeof id === 'string' ? `${names[id] ?? id} (${id})` : '');
  const status = typeof r.status === 'string' ? r.status : '';
  switch (tool) {
    case 'set_platform_gate': {
      const open = isOpen[boolOf(r[args.gate], args.active) as 'true' | 'false'][language];
      return {
        en: `The ${args.gate} gate is now ${open}.`,
        ua: `Шлюз «${args.gate}» тепер ${open}.`,
        pl: `Bramka „${args.gate}” jest teraz ${open}.`,
      }[language];
    }
    case 'set_partner_gate':
    case 'set_company_gate': {
      const open = isOpen[boolOf(r.ticketing_active, args.active) as 'true' | 'false'][language];
      const who = name(args.agency_id ?? args.company_id);
      return tool === 'set_partner_gate'
        ? {
            en: `The gate of partner ${who} is now ${open}.`,
            ua: `Шлюз партнера ${who} тепер ${open}.`,
            pl: `Bramka partnera ${who} jest teraz ${open}.`,
          }[language]
        : {
            en: `The gate of company ${who} is now ${open}.`,
            ua: `Шлюз компанії ${who} тепер ${open}.`,
            pl: `Bramka firmy ${who} jest teraz ${open}.`,
          }[language];
    }
    case 'switch_channel': {
      const on = isOn[boolOf(r.on_by_admin, args.on_by_admin) as 'true' | 'false'][language];
      return {
        en: `Channel ${name(args.channel_id)} is now ${on}.`,
        ua: `Канал ${name(args.channel_id)} тепер ${on}.`,
        pl: `Kanał ${name(args.channel_id)} jest teraz ${on}.`,
      }[language];
    }
    case 'change_balance': {
      const moved = `${r.amount?.amount ?? args.amount?.amount} ${r.amount?.currency ?? args.amount?.currency}`;
      const after = r.balance_after ? `${r.balance_after.amount} ${r.balance_after.currency}` : '?';
      const who = name(args.company_id);
      return {
        en: `Posted ${moved} to company ${who}; its balance is now ${after}.`,
        ua: `Проведено ${moved} для компанії ${who}; її баланс тепер ${after}.`,
        pl: `Zaksięgowano ${moved} dla firmy ${who}; jej saldo wynosi teraz ${after}.`,
      }[language];
    }
    case 'archive_partner':
      return {
        en: `Partner ${name(args.agency_id)} is archived.`,
        ua: `Партнера ${name(args.agency_id)} заархівовано.`,
        pl: `Partner ${name(args.agency_id)} jest zarchiwizowany.`,
      }[language];
    case 'resend_webhook':
    case 'resend_back_office_batch': {
      const what =
        tool === 'resend_webhook'
          ? { en: 'Webhook delivery', ua: 'Доставку вебхука', pl: 'Doręczenie webhooka' }[language]
          : { en: 'Back-office batch', ua: 'Пакет для бек-офісу', pl: 'Paczka do back office' }[language];
      return {
        en: `${what} ${args.delivery_id} is queued again (status: ${status}).`,
        ua: `${what} ${args.delivery_id} знову поставлено в чергу (статус: ${status}).`,
        pl: `${what} ${args.delivery_id} ponownie w kolejce (status: ${status}).`,
      }[language];
    }
    case 'set_markup': {
      const value =
        r.kind === 'percentage'
          ? `${r.value}%`
          : `${r.value ?? args.value} ${r.currency ?? args.currency ?? ''}`.trim();
      return {
        en: `Markup ${args.markup_id} of company ${name(r.company_id)} is now ${value}.`,
        ua: `Націнка ${args.markup_id} компанії ${name(r.company_id)} тепер ${value}.`,
        pl: `Marża ${args.markup_id} firmy ${name(r.company_id)} wynosi teraz ${value}.`,
      }[language];
    }
    case 'answer_join_request':
      return {
        en: `Join request ${args.request_id} of ${r.company_name ?? '?'} to ${r.agency_name ?? '?'}: ${status}.`,
        ua: `Запит на приєднання ${args.request_id} від ${r.company_name ?? '?'} до ${r.agency_name ?? '?'}: ${status}.`,
        pl: `Prośba o dołączenie ${args.request_id} firmy ${r.company_name ?? '?'} do ${r.agency_name ?? '?'}: ${status}.`,
      }[language];
    case 'retry_failed_emd':
      return {
        en: `EMD request ${args.request_id} of booking ${args.locator} is asked of the airline again (status: ${status}).`,
        ua: `Запит EMD ${args.request_id} бронювання ${args.locator} знову надіслано авіакомпанії (статус: ${status}).`,
        pl: `Zlecenie EMD ${args.request_id} rezerwacji ${args.locator} ponownie wysłane do linii (status: ${status}).`,
      }[language];
    default:
      return { en: 'Done.', ua: 'Виконано.', pl: 'Wykonano.' }[language];
  }
}
