export { RequestLogScreen } from './request-log-screen';
