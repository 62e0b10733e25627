export { preloadReference, ReferenceScreen } from './reference-screen';
export { WorkspaceLayout, workspacePaths, guidesPath } from './workspace-layout';
