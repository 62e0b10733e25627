export { SignOutButton } from './components/sign-out-button';
export { SignInScreen } from './sign-in-screen';
