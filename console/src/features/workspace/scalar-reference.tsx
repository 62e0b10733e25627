// The API reference and its try-it (Scalar), fed one section of this API's own contract at a time
// (contract-sections.ts; the page fetches the contract and picks the section). Its own chunk: about
// 2 MB of script (Vue inside a React wrapper) that only this screen loads. It must work offline and
// talk to nobody but this origin: no request proxy (the API is same-origin), no telemetry, no web
// fonts, no assistant. Its stylesheet is scoped to the element that holds it at build time
// (console/src/build/scope-scalar-css.plugin.ts), so the console's own screens look the same after it.
import { ApiReferenceReact, type ApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useEffect, useMemo, useRef } from 'react';
import type { Contract } from './contract-sections';
import { mendScalarMarkup, scalarContrastCss } from './scalar-markup';
import { prepareTryItRequest, type WorkspaceMode } from './workspace-requests';

export const scalarScope = 'contrail-scalar';

export interface ScalarReferenceProps {
  /** The part of the contract shown (contract-sections.ts). */
  document: Contract;
  mode: WorkspaceMode;
  token: string | null;
  /** What the reference says when live mode refuses a request of this method. */
  refusal: (method: string) => string;
}

export default function ScalarReference({ document, mode, token, refusal }: ScalarReferenceProps) {
  const configuration = useMemo<Partial<ApiReferenceConfiguration>>(
    () => ({
      content: document,
      servers: [{ url: `${window.location.origin}/api/v1`, description: 'This deployment' }],
      telemetry: false,
      withDefaultFonts: false,
      // A request proxy would send every try-it call, token included, through another host.
      proxyUrl: undefined,
      agent: { disabled: true },
      persistAuth: false,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      // It would download the section shown; the page links the whole contract instead.
      documentDownloadType: 'none',
      // Every schema is shown with the operations that use it; the separate list of all of them
      // doubled the reference's first render (desktop Lighthouse under load: blocking time 5.7 s →
      // 3.0 s, interactive 6.8 s → 4.8 s).
      hideModels: true,
      // Its light theme's greys and method colours are under 4.5:1 on its backgrounds: darker.
      customCss: scalarContrastCss,
      showDeveloperTools: 'never',
      // "Open API Client" leads to Scalar's own app; the try-it window here is the client.
      hideClientButton: true,
      authentication: {
        preferredSecurityScheme: 'bearerAuth',
        securitySchemes: { bearerAuth: { token: token ?? '' } },
      },
      onBeforeRequest: ({ request }) => prepareTryItRequest(request, mode, refusal),
    }),
    [document, mode, token, refusal],
  );
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => (root.current ? mendScalarMarkup(root.current) : undefined), []);
  return (
    <div ref={root} className={scalarScope} data-mode={mode}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
