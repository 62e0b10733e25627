export { ApiStatus } from './api-status';
