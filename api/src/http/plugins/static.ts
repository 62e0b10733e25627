// The pages outside /api: the console build and its SPA routes (static-console.ts), the marketing
// pages (static-marketing.ts), the neo-flights landing page (static-landing.ts) and the offline API
// docs (static-docs.ts). One plugin registers them, since `/` belongs to both the console and the
// marketing pages.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from '../../domain/auth/authenticator.js';
import { inRepository } from '../../repository-root.js';
import { withAnalyticsKey } from './analytics-key.js';
import { registerConsole } from './static-console.js';
import { registerDocs } from './static-docs.js';
import { registerLanding } from './static-landing.js';
import { registerMarketing } from './static-marketing.js';

export default fp(
  async (
    app: FastifyInstance,
    opts: { consoleDir: string; docsDir: string; authenticator: Authenticator; analyticsKey?: string },
  ) => {
    const consoleDir = inRepository(opts.consoleDir);
    const withKey = withAnalyticsKey(opts.analyticsKey ?? '');
    const sendConsole = await registerConsole(app, consoleDir, withKey);
    registerMarketing(app, { consoleDir, authenticator: opts.authenticator, sendConsole, withKey });
    registerLanding(app, consoleDir, withKey);
    registerDocs(app, inRepository(opts.docsDir));
  },
  { name: 'static', dependencies: ['response-headers'] },
);
