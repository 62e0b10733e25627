// The back office's entry: everything stateful (SDK settings, i18n, notifications, query client)
// is created here once and handed down; nothing below reaches for a global.
// Only the stylesheets of the Mantine components the console renders (scripts/mantine-styles.ts).
import './app/mantine-styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStylesheets } from './app/apply-stylesheets';
import { configureSdk, readCsrfToken } from './app/configure-sdk';
import { preloadScreen } from './app/routes';
import { createQueryClient } from './app/query-client';
import { prefetchCurrentAccount } from './hooks/use-current-account';
import { createNotificationCenter, errorNotices, takeNotificationFromUrl } from './notifications';
import { createI18n, mirrorLanguageCookie, readStoredLanguage, syncDocumentLanguage } from './lib/i18n';
import { startAnalyticsAfterConsent } from './lib/product-analytics/product-analytics';

// The page painted its shell without the stylesheet; the app renders once it applies.
const stylesheets = applyStylesheets(document);
const language = readStoredLanguage(window.localStorage);
mirrorLanguageCookie(document, window.localStorage);
// The reader's texts, the page's code and its first data are fetched together with the account,
// not one after the other (the first render waits for them, below).
const i18nReady = createI18n(language);
configureSdk(document);
const notifications = createNotificationCenter();
const queryClient = createQueryClient((error) => {
  void i18nReady.then((i18n) => {
    for (const notice of errorNotices(error, i18n.t('notifications.serverProblem'))) notifications.notify(notice);
  });
});
// The CSRF cookie lives exactly as long as the session: without it nobody is signed in, and asking
// would only earn a 401 (which the browser logs as an error on the sign-in page).
const accountReady = prefetchCurrentAccount(queryClient, { signedOut: readCsrfToken(document) === undefined });
const screenReady = preloadScreen(window.location.pathname, queryClient);
// Product analytics: only with a configured key and the visitor's cookie consent.
startAnalyticsAfterConsent(window);

// Taken from the address before the first render, shown once the app is on screen: its clock
// (4 s for a success) starts when it can be read, not while the page is still being built. The
// function empties itself, so StrictMode's double effects cannot show it twice.
let fromAddress = takeNotificationFromUrl(window.location, window.history);
const showNoticeFromAddress = () => {
  if (fromAddress) notifications.notify(fromAddress);
  fromAddress = null;
};

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for the account and the screen's code and first data too (all asked for
// above, at once; at most firstDataWaitMs, the page shows its shell meanwhile): rendered before,
// the screen would be built again when they arrive, and a query's answer re-renders in one
// uninterruptible task, which on a phone blocks input for a second or more. The first render is a
// transition, which React builds in slices.
const firstDataWaitMs = 3000;
const firstData = Promise.race([
  Promise.all([accountReady, screenReady]),
  new Promise((resolve) => window.setTimeout(resolve, firstDataWaitMs)),
]);
// A callback, not a top-level await: an entry that awaits at its top level makes the bundler split
// every module it shares with a screen's chunk into a file of its own (dozens of requests).
void Promise.all([i18nReady, stylesheets, firstData]).then(([i18n]) => {
  syncDocumentLanguage(i18n, document.documentElement);
  // As a transition, React builds the first screen in slices and lets the browser paint and take
  // input between them, instead of blocking a phone's main thread for the whole tree at once.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App services={{ i18n, queryClient, notifications }} onShown={showNoticeFromAddress} />
      </StrictMode>,
    ),
  );
});
