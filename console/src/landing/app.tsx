// The landing page: header, the view the hash names, footer.
import { useEffect } from 'react';
import { FlightsView } from './flights/flights-view';
import { useHashView } from './hash-view';
import { MainView } from './main/main-view';
import { texts } from './texts';
import neoLogo from './assets/neo-logo.svg';

export function LandingApp(props: { year: number }) {
  const view = useHashView();
  // A new view starts at its top, as a new page would. (A block body: newer browsers' scrollTo
  // returns a promise, which React would take for a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [view]);

  return (
    <div className="landing">
      <header className="landing-header">
        <a className="landing-logo" href="#/" aria-label={texts.logoLabel}>
          <img src={neoLogo} alt="" width="112" height="32" />
        </a>
        {view === 'main' && (
          <a className="button button-primary" href="#flights">
            {texts.checkFlights}
          </a>
        )}
      </header>
      <main>{view === 'flights' ? <FlightsView /> : <MainView />}</main>
      <footer className="landing-footer">
        <p>{texts.footer.copyright(props.year)}</p>
      </footer>
    </div>
  );
}
