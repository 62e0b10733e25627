// The admin assistant's page: its own chunk, texts included.
export { AssistantScreen } from './assistant-screen';
