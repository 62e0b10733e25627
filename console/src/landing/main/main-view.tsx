// The main view (hash empty or '/'): manifesto, video, press articles, the airlines' form.
import { texts } from '../texts';
import { PresentationForm } from './presentation-form';
import { PressArticles } from './press-articles';
import { Video } from './video';

export function MainView() {
  return (
    <>
      <section className="hero" aria-labelledby="manifesto-heading">
        <p className="kicker">{texts.manifesto.kicker}</p>
        <h1 id="manifesto-heading">{texts.manifesto.heading}</h1>
        {texts.manifesto.paragraphs.map((p) => (
          <p key={p} className="manifesto">
            {p}
          </p>
        ))}
      </section>
      <section className="section" aria-labelledby="video-heading">
        <h2 id="video-heading">{texts.video.heading}</h2>
        <Video />
      </section>
      <section className="section" aria-labelledby="press-heading">
        <h2 id="press-heading">{texts.press.heading}</h2>
        <PressArticles />
      </section>
      <section className="section section-airlines" aria-labelledby="airlines-heading">
        <h2 id="airlines-heading">{texts.airlines.heading}</h2>
        <p>{texts.airlines.lead}</p>
        <PresentationForm />
      </section>
    </>
  );
}
