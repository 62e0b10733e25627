// Every text of the landing page. English is the landing page's one interface language for now;
// `locale` is what the presentation form sends as `language` (product spec §7).
export const texts = {
  locale: 'en',
  title: 'Neo — the first neo-airline, exclusively with Contrail',
  description:
    'Neo is the first neo-airline: direct flights at the best price in the world, instant booking changes and automatic check-in, sold exclusively through Contrail.',
  brand: 'Contrail',
  logoLabel: 'Neo by Contrail, back to the start',
  checkFlights: 'Check neo-flights',
  nav: 'Neo-flights',
  manifesto: {
    kicker: 'A manifesto',
    heading: 'An airline should be as simple as the ticket it sells',
    paragraphs: [
      'Neo is a neo-airline: no call centres, no paper, no fees for changing your mind. Every flight is a direct flight, every seat is sold through NDC, straight from the airline’s own systems, with nothing added on the way.',
      'We skip the old distribution surcharges, so the fare you see is the best price in the world for that seat. Change a booking and it changes at once. Check-in happens by itself. Offers come to you, made for how you fly.',
      'Neo flies from Warsaw to Kyiv, Lviv, Vienna, Berlin and Barcelona, and sells its seats exclusively with Contrail.',
    ],
  },
  video: {
    heading: 'See how Neo works',
    title: 'Neo: how the first neo-airline works',
    fallback: 'The video player could not load here.',
    watch: 'Watch the video on YouTube',
  },
  press: { heading: 'Press about Neo' },
  airlines: {
    heading: 'Airlines: sell like Neo',
    lead: 'Get a presentation of the Contrail API: direct NDC distribution to agencies and developers, launched in 2–4 weeks, paid as you go.',
    emailLabel: 'Work email',
    send: 'Send message',
    sent: 'We’ll contact you during the day',
  },
  flights: {
    title: 'The first neo-airline',
    exclusively: 'Exclusively available with',
    benefitsLabel: 'Why fly Neo',
    benefits: ['The best price in the world', 'Instant booking modifications', 'Autocheck-in', 'Personalized offers'],
    locked: 'coming soon',
    loading: 'Loading neo-flights',
    listLabel: 'Neo-flights',
    none: 'No neo-flights are on sale right now.',
    direct: 'Direct Flight',
    airlinePrice: 'Airline price',
    ourPrice: 'Our price',
    departs: 'Departs',
    arrives: 'Arrives',
    flight: 'Flight',
  },
  footer: { copyright: (year: number) => `© 2017–${year} Contrail. All rights reserved.` },
} as const;
