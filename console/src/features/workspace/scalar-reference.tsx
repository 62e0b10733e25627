// The API reference and its try-it (Scalar), fed from this API's own contract. Its own chunk: about
// 2 MB of script (Vue inside a React wrapper) that only this screen loads. It must work offline and
// talk to nobody but this origin: no request proxy (the API is same-origin), no telemetry, no web
// fonts, no assistant. Its stylesheet is scoped to the element that holds it at build time
// (console/src/build/scope-scalar-css.plugin.ts), so the console's own screens look the same after it.
import { ApiReferenceReact, type ApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';
import { prepareTryItRequest, type WorkspaceMode } from './workspace-requests';

export const scalarScope = 'contrail-scalar';

export interface ScalarReferenceProps {
  mode: WorkspaceMode;
  token: string | null;
  /** What the reference says when live mode refuses a request of this method. */
  refusal: (method: string) => string;
}

export default function ScalarReference({ mode, token, refusal }: ScalarReferenceProps) {
  const configuration = useMemo<Partial<ApiReferenceConfiguration>>(
    () => ({
      url: '/api/v1/openapi.json',
      servers: [{ url: `${window.location.origin}/api/v1`, description: 'This deployment' }],
      telemetry: false,
      withDefaultFonts: false,
      // A request proxy would send every try-it call, token included, through another host.
      proxyUrl: undefined,
      agent: { disabled: true },
      persistAuth: false,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      documentDownloadType: 'json',
      // Every schema is shown with the operations that use it; the separate list of all of them
      // doubled the reference's first render (desktop Lighthouse under load: blocking time 5.7 s →
      // 3.0 s, interactive 6.8 s → 4.8 s).
      hideModels: true,
      // Its light theme's secondary greys are under 4.5:1 on white: darker, as the console's own.
      customCss: '.light-mode { --scalar-color-2: #555; --scalar-color-3: #5c5c5c; }',
      showDeveloperTools: 'never',
      // "Open API Client" leads to Scalar's own app; the try-it window here is the client.
      hideClientButton: true,
      authentication: {
        preferredSecurityScheme: 'bearerAuth',
        securitySchemes: { bearerAuth: { token: token ?? '' } },
      },
      onBeforeRequest: ({ request }) => prepareTryItRequest(request, mode, refusal),
    }),
    [mode, token, refusal],
  );
  return (
    <div className={scalarScope} data-mode={mode}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
