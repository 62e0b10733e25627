export { SandboxScreen } from './sandbox-screen';
