export { AnalyticsScreen } from './analytics-screen';
