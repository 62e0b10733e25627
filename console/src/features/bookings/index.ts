// The bookings console: the list at /bookings and the open booking at ?locator=.
export { BookingsScreen } from './bookings-screen';
