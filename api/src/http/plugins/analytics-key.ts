// The product analytics key (config ANALYTICS_KEY) handed to the pages as a meta tag: the pages' CSP
// allows no inline script, and a page without the tag loads no analytics at all. The pages still
// wait for the visitor's cookie consent before they load anything (console/src/lib/product-analytics).
export const analyticsKeyMeta = 'contrail-analytics-key';

export function withAnalyticsKey(key: string): (html: string) => string {
  // The config holds the key to letters, digits, '_' and '-', so it needs no escaping here.
  if (!key) return (html) => html;
  const tag = `<meta name="${analyticsKeyMeta}" content="${key}" />`;
  return (html) => html.replace('</head>', `${tag}</head>`);
}
