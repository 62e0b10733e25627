// The sections of the marketing pages (product spec §2), each a function of the page's texts.
import { gdsSurcharges, segmentsPerTicket } from '@contrail/gds-surcharges';
import type { Language, Messages } from '../i18n';
import { pathOf } from '../routes';
import { esc } from './html';

type Hero = { title: string; lead: string };

export function hero(m: Messages, language: Language, h: Hero): string {
  return `<section class="hero"><div class="wrap">
<h1>${esc(h.title)}</h1>
<p class="lead">${esc(h.lead)}</p>
<div class="actions"><a class="btn btn-lg" href="${pathOf(language, 'airlines')}#request-demo">${esc(m.nav.requestDemo)}</a>
<a class="btn btn-lg btn-ghost" href="/sign_in">${esc(m.nav.signIn)}</a></div>
<ul class="claims">${m.claims.map((c) => `<li><strong>${esc(c.figure)}</strong> ${esc(c.text)}</li>`).join('')}</ul>
</div></section>`;
}

export function features(m: Messages): string {
  return `<section class="band" aria-labelledby="features"><div class="wrap">
<h2 id="features">${esc(m.features.title)}</h2>
<ul class="grid">${m.features.items.map((f) => `<li class="card"><h3>${esc(f.title)}</h3><p>${esc(f.text)}</p></li>`).join('')}</ul>
</div></section>`;
}

/** The first four benefits show; the rest open with "view more" and close with "hide". */
export function benefits(m: Messages): string {
  const shown = 4;
  const items = m.benefits.items
    .map(
      (b, i) =>
        `<li class="card"${i >= shown ? ' data-extra hidden' : ''}><h3>${esc(b.title)}</h3><p>${esc(b.text)}</p></li>`,
    )
    .join('');
  return `<section class="band alt" aria-labelledby="benefits"><div class="wrap">
<h2 id="benefits">${esc(m.benefits.title)}</h2>
<ul class="grid" id="benefit-list">${items}</ul>
<button type="button" class="btn btn-ghost" id="benefits-toggle" aria-controls="benefit-list" aria-expanded="false" data-more="${esc(m.benefits.more)}" data-less="${esc(m.benefits.less)}">${esc(m.benefits.more)}</button>
</div></section>`;
}

/**
 * The entry the demo starts with: a Lufthansa round trip as a GDS prints it, at the ROE of the
 * euro. Lufthansa charges a GDS surcharge on every segment, which is what booking through NDC saves;
 * an entry at a wrong ROE or on a carrier with no surcharge would show no saving and say so.
 */
export const demoExample = 'FRA LH LHR 100.00 LH FRA 100.00NUC200.00END ROE0.920000';

export function demo(m: Messages, language: Language): string {
  const d = m.demo;
  return `<section class="band" aria-labelledby="demo"><div class="wrap narrow">
<h2 id="demo">${esc(d.title)}</h2>
<p>${esc(d.lead)}</p>
<div id="demo-app" data-labels="${esc(JSON.stringify(d.result))}">
<form id="demo-form" class="demo-step" novalidate>
<label for="demo-entry">${esc(d.label)}</label>
<input id="demo-entry" name="entry" class="mono" autocomplete="off" spellcheck="false" maxlength="500" required value="${demoExample}" aria-describedby="demo-hint demo-error">
<p id="demo-hint" class="hint">${esc(d.hint)}</p>
<p id="demo-error" class="error" role="alert" hidden></p>
<button type="submit" class="btn">${esc(d.submit)}</button>
</form>
<div id="demo-result" class="demo-step" hidden tabindex="-1">
<h3>${esc(d.resultTitle)}</h3>
<dl class="prices">
<div><dt>${esc(d.result.gdsPrice)}</dt><dd id="demo-gds"></dd></div>
<div><dt>${esc(d.result.ourPrice)}</dt><dd id="demo-ours" class="ours"></dd></div>
<div id="demo-saving-row"><dt>${esc(d.result.saving)}</dt><dd id="demo-saving"></dd></div>
</dl>
<p id="demo-no-saving" hidden>${esc(d.result.noSaving)}</p>
<p class="hint" id="demo-detail"></p>
<div class="actions"><button type="button" class="btn" id="demo-book">${esc(d.book)}</button><button type="button" class="btn btn-ghost" data-demo-again>${esc(d.another)}</button></div>
</div>
<div id="demo-prompt" class="demo-step" hidden tabindex="-1">
<h3>${esc(d.promptTitle)}</h3>
<p>${esc(d.promptText)}</p>
<div class="actions"><a class="btn" href="/sign_in">${esc(m.nav.signIn)}</a><a class="btn btn-ghost" href="${pathOf(language, 'airlines')}#request-demo">${esc(m.nav.requestDemo)}</a><button type="button" class="btn btn-ghost" data-demo-again>${esc(d.another)}</button></div>
</div>
</div>
</div></section>`;
}

export function calculator(m: Messages): string {
  const c = m.calculator;
  const rows = gdsSurcharges
    .map(
      (s) =>
        `<tr><th scope="row">${esc(s.carrier)} <span class="muted">${esc(s.name)}</span></th><td>€${esc(s.perSegment)}</td><td data-yearly="${esc(s.carrier)}"></td></tr>`,
    )
    .join('');
  return `<section class="band alt" aria-labelledby="calculator"><div class="wrap narrow">
<h2 id="calculator">${esc(c.title)}</h2>
<p>${esc(c.lead.replace('{segments}', String(segmentsPerTicket)))}</p>
<form id="calc" class="calc" data-result="${esc(c.result)}">
<label for="calc-tickets">${esc(c.tickets)}</label>
<input id="calc-tickets" type="number" inputmode="numeric" min="0" max="1000000" step="1" value="100">
<label for="calc-carrier">${esc(c.carrier)}</label>
<select id="calc-carrier"><option value="">${esc(c.allCarriers)}</option>${gdsSurcharges.map((s) => `<option value="${esc(s.carrier)}">${esc(s.carrier)} — ${esc(s.name)}</option>`).join('')}</select>
<output id="calc-result" for="calc-tickets calc-carrier" aria-live="polite"></output>
</form>
<table class="table"><caption>${esc(c.tableCaption)}</caption>
<thead><tr><th scope="col">${esc(c.carrierColumn)}</th><th scope="col">${esc(c.surchargeColumn)}</th><th scope="col">${esc(c.yearlyColumn)}</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="hint">${esc(c.note)}</p>
</div></section>`;
}

export function faq(m: Messages): string {
  return `<section class="band" aria-labelledby="faq"><div class="wrap narrow">
<h2 id="faq">${esc(m.faq.title)}</h2>
<div class="faq">${m.faq.items.map((f) => `<details><summary>${esc(f.q)}</summary><p>${esc(f.a)}</p></details>`).join('')}</div>
</div></section>`;
}

export function partners(m: Messages): string {
  const names = [...gdsSurcharges.map((s) => s.name), 'LOT Polish Airlines', 'Ukraine International', 'Iberia'];
  return `<section class="band alt" aria-labelledby="partners"><div class="wrap">
<h2 id="partners">${esc(m.partners.title)}</h2>
<p>${esc(m.partners.lead)}</p>
<ul class="logos">${names.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>
</div></section>`;
}

export function iata(m: Messages): string {
  return `<section class="band" aria-labelledby="iata"><div class="wrap narrow iata">
<h2 id="iata">${esc(m.iata.title)}</h2>
<p>${esc(m.iata.text)}</p>
<p><a href="https://www.iata.org/en/about/members/airline-list/" rel="noopener">${esc(m.iata.link)}</a></p>
</div></section>`;
}

export function demoRequest(m: Messages, language: Language): string {
  const f = m.airlines.form;
  return `<section class="band alt" aria-labelledby="request-demo" id="request-demo-section"><div class="wrap narrow">
<h2 id="request-demo" tabindex="-1">${esc(f.title)}</h2>
<p>${esc(f.lead)}</p>
<form id="demo-request" class="inline-form" data-language="${language}" data-success="${esc(f.success)}" data-failure="${esc(f.failure)}" novalidate>
<label for="demo-request-email">${esc(f.email)}</label>
<div class="row"><input id="demo-request-email" name="email" type="email" autocomplete="email" required maxlength="254">
<button type="submit" class="btn">${esc(f.submit)}</button></div>
<p id="demo-request-status" role="status"></p>
</form>
</div></section>`;
}

export function list(title: string, items: readonly { title: string; text: string }[], alt = false): string {
  return `<section class="band${alt ? ' alt' : ''}"><div class="wrap">
<h2>${esc(title)}</h2>
<ul class="grid">${items.map((f) => `<li class="card"><h3>${esc(f.title)}</h3><p>${esc(f.text)}</p></li>`).join('')}</ul>
</div></section>`;
}
