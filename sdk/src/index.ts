// The SDK's public entry: configuration, per-caller clients, errors and every operation as a typed
// function.
export { configure, getConfig, resetConfig, type SdkConfig } from './core/config';
export { createClient, type ContrailClient, type Operations } from './core/client';
export * from './core/errors';
export { paginate } from './core/paginate';
export * from './generated/client';
export * from './generated/model';
export { verifyWebhook, WebhookVerificationFailed } from './webhooks';
