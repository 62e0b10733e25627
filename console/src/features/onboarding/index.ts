export { OnboardingScreen } from './onboarding-screen';
