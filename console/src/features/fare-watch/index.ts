export { FareWatchScreen } from './fare-watch-screen';
export { FareWatchSettingsScreen } from './fare-watch-settings-screen';
