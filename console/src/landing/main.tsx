// The neo-flights landing page's entry: a light build of its own (plain React and a small style
// sheet, none of the back office's Mantine), talking to the API through the SDK.
import './landing.css';
import { configure } from '@contrail/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAnalyticsAfterConsent } from '../lib/product-analytics/product-analytics';
import { LandingApp } from './app';
import { setUpLandingPage } from './page-setup';

setUpLandingPage(document, window);
// Anonymous, no cookies needed; no retries, so a price call never overlaps the next one and a
// presentation request is never sent twice.
configure({ baseUrl: '/api/v1', credentials: 'same-origin', maxRetries: 0 });

const root = document.getElementById('landing-root');
if (!root) throw new Error('landing.html has no #landing-root');
createRoot(root).render(
  <StrictMode>
    <LandingApp year={new Date().getFullYear()} />
  </StrictMode>,
);

// Only after the visitor accepted cookies (on the marketing pages: one origin, one choice).
startAnalyticsAfterConsent(window);
