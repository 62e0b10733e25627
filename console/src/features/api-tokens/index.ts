export { ApiTokensScreen } from './api-tokens-screen';
