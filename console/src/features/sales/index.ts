export { SalesScreen } from './sales-screen';
