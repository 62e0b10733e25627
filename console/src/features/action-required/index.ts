export { ActionRequiredScreen } from './action-required-screen';
