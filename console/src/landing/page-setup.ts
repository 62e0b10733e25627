// What the landing page does on load (product spec §2): title, meta description, a viewport that
// disables zooming, the default chat launcher hidden after 300 ms, the page faded in after 600 ms.
import { texts } from './texts';

export const landingTimings = { hideChatLauncherMs: 300, fadeInMs: 600 } as const;

/** The spec asks for a viewport without zoom; see landing/README.md for the accessibility cost. */
export const landingViewport = 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no';

type ChatWidget = (command: 'update', settings: { hide_default_launcher: boolean }) => void;
declare global {
  interface Window {
    /** The support chat's widget, when the page embeds one (Intercom's command API). */
    Intercom?: ChatWidget;
  }
}

function setMeta(doc: Document, name: string, content: string): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = name;
    doc.head.append(meta);
  }
  meta.content = content;
}

export function setUpLandingPage(doc: Document, win: Window): void {
  // A mark the browser tests measure the timings from.
  win.performance.mark('landing:start');
  doc.title = texts.title;
  setMeta(doc, 'description', texts.description);
  setMeta(doc, 'viewport', landingViewport);
  win.setTimeout(() => {
    win.Intercom?.('update', { hide_default_launcher: true });
    doc.documentElement.dataset.chatLauncher = 'hidden';
  }, landingTimings.hideChatLauncherMs);
  win.setTimeout(() => doc.documentElement.classList.add('landing-visible'), landingTimings.fadeInMs);
}
