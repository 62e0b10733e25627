export { UsersScreen } from './users-screen';
export { AcceptInviteScreen } from './accept-invite-screen';
