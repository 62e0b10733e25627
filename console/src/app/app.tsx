import { NotificationStack } from '../features/notifications';
import { AppFrame } from './frame/app-frame';
import { AppProviders, type AppServices } from './providers';
import { RouteView } from './route-view';

export function App({ services }: { services: AppServices }) {
  return (
    <AppProviders services={services}>
      <AppFrame>
        <RouteView />
      </AppFrame>
      <NotificationStack />
    </AppProviders>
  );
}
