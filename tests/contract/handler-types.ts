// Type-level proof, checked by `npm run typecheck`: the contract's handler types refuse a body or a
// status the contract does not allow, and an operation without a handler. Each @ts-expect-error
// fails the build if the line below it ever compiles.
import type { Handler, ServiceHandlers } from '../../api/src/http/contract.js';

export const rightAnswer: Handler<'getHealth'> = async () => ({ status: 200, body: { status: 'ok' } });

// @ts-expect-error the contract's Health status is the enum ['ok']
export const wrongBody: Handler<'getHealth'> = async () => ({ status: 200, body: { status: 'fine' } });

// @ts-expect-error getHealth lists no 201 answer
export const wrongStatus: Handler<'getHealth'> = async () => ({ status: 201, body: { status: 'ok' } });

// @ts-expect-error a body field the MailMessage schema does not have
export const extraField: Handler<'getMailMessage'> = async () => ({ status: 200, body: { id: 'x', secret: 1 } });

// @ts-expect-error every operation of the contract needs its handler
export const missingHandlers: ServiceHandlers = { getHealth: rightAnswer };
