export { SearchScreen } from './search-screen';
