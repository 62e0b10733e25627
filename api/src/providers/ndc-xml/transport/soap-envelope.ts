// SOAP 1.1 as NDC airlines use it (British Airways, Air France-KLM, Amadeus): the IATA document is
// the only child of soap:Body, and a failure is a soap:Fault instead of an IATA Error. Unwrapping is
// lenient about prefixes (airlines pick their own) and reads the Body by position, not by parsing,
// so a multi-megabyte AirShoppingRS is not walked twice.
export const soap11Namespace = 'http://schemas.xmlsoap.org/soap/envelope/';

export interface SoapFault {
  readonly code: string;
  readonly message: string;
}

/** The document inside an envelope, without its XML declaration (which may appear only at the top). */
export function wrapInEnvelope(document: string): string {
  const body = document.replace(/^\uFEFF?\s*<\?xml[^>]*\?>\s*/, '');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soap:Envelope xmlns:soap="${soap11Namespace}"><soap:Header/><soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

const bodyOpen = /<([A-Za-z_][\w.-]*:)?Body(\s[^>]*)?>/;

/** Whether the text is a SOAP envelope at all (an airline may answer an error page instead). */
export function isEnvelope(text: string): boolean {
  return /<([A-Za-z_][\w.-]*:)?Envelope[\s>]/.test(text.slice(0, 2000));
}

/** The Body's content, or the Fault it carries; throws when there is no Body. */
export function unwrapEnvelope(text: string): { xml: string } | { fault: SoapFault } {
  const open = bodyOpen.exec(text);
  if (!open) throw new Error('The SOAP answer has no Body.');
  const prefix = open[1] ?? '';
  const start = open.index + open[0].length;
  const end = text.lastIndexOf(`</${prefix}Body>`);
  if (end < start) throw new Error('The SOAP Body is not closed.');
  const xml = text.slice(start, end).trim();
  const fault = /^<([A-Za-z_][\w.-]*:)?Fault[\s>]/.exec(xml);
  if (!fault) return { xml };
  return { fault: { code: textOf(xml, 'faultcode') ?? 'soap:Server', message: textOf(xml, 'faultstring') ?? '' } };
}

/** The text of the first element of this local name (faultcode and faultstring are unqualified). */
function textOf(xml: string, local: string): string | undefined {
  const match = new RegExp(`<(?:[\\w.-]+:)?${local}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${local}>`).exec(xml);
  return match?.[1]?.trim();
}
