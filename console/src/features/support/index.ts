export { SupportScreen } from './support-screen';
