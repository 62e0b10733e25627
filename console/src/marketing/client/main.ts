// The marketing pages' only script: the few interactive parts of prerendered pages. It talks to the
// API through the SDK and reads the surcharge table the API's demo uses too.
import './marketing.css';
import { setupBenefits } from './benefits';
import { setupCalculator } from './calculator';
import { setupCookieNotice } from './cookie-notice';
import { setupDemo } from './demo';
import { setupDemoRequest } from './demo-request';
import { setupPageNotice } from './page-notice';
import { startAnalyticsAfterConsent } from '../../lib/product-analytics/product-analytics';

setupPageNotice();
setupCookieNotice();
setupBenefits();
setupCalculator();
setupDemo();
setupDemoRequest();
startAnalyticsAfterConsent(window);
