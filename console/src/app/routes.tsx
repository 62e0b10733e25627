// The console's pages (product spec §2). The API serves index.html for exactly these paths, so a
// path added here must be added to the API's page routes too.
import type { ReactElement } from 'react';
import { HomeScreen } from '../features/home';
import { NotFoundScreen } from '../features/not-found';
import { SignInScreen } from '../features/sign-in';

export const paths = { home: '/', signIn: '/sign_in' } as const;

const screens: Record<string, () => ReactElement> = {
  [paths.home]: () => <HomeScreen />,
  [paths.signIn]: () => <SignInScreen />,
};

export function screenFor(path: string): ReactElement {
  return screens[path]?.() ?? <NotFoundScreen path={path} />;
}
