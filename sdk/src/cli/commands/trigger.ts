// `contrail trigger <event-type>`: a test event of that type into the agency's event streams (POST
// /events/test_events), so that a running `contrail listen` forwards it. It copies the agency's
// newest event of the type; the API says so when there is none yet.
import { call, failureOf } from '../api-call.js';
import { CliFailure, exitCodes, type Command, type CommandContext } from '../command.js';

export const trigger: Command = {
  usage: 'contrail trigger <event-type>',
  summary: 'Fire a test event (booking.issued, booking.voided, …) into the event stream.',
  options: {},
  async run(context: CommandContext): Promise<number> {
    const [type, ...extra] = context.positionals;
    if (!type || extra.length > 0)
      throw new CliFailure(exitCodes.usage, 'Name one event type: contrail trigger booking.issued');
    const response = await call(context.api, 'POST', '/events/test_events', { body: { type }, signal: context.signal });
    if (!response.ok) throw await failureOf(response);
    const event = (await response.json()) as { id: string; type: string };
    context.out(`Triggered ${event.type} [${event.id}].`);
    return exitCodes.ok;
  },
};
