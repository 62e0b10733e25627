export { BackOfficeFeedScreen } from './back-office-feed-screen';
