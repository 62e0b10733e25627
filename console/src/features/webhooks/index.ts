export { EventsScreen } from './events-screen';
export { WebhooksScreen } from './webhooks-screen';
