import { useEffect } from 'react';
import { NotificationStack } from '../notifications';
import { AppFrame } from './frame/app-frame';
import { AppProviders, type AppServices } from './providers';
import { RouteView } from './route-view';

/** `onShown` runs once the app is first on screen (main.tsx shows the address's notice then). */
export function App({ services, onShown }: { services: AppServices; onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <AppProviders services={services}>
      <AppFrame>
        <RouteView />
      </AppFrame>
      <NotificationStack />
    </AppProviders>
  );
}
