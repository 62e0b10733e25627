// Calling the API through the SDK as one account or another, and reading a refusal's status and
// code, for tests that try each operation as several roles.
import { ApiError, configure } from '@contrail/sdk';

/** Every following SDK call goes out with this token (the SDK's settings are per process). */
export function as(baseUrl: string, token: string): void {
  configure({ baseUrl, token, maxRetries: 0 });
}

/** The status and code a call was refused with; fails the test if it was not refused. */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('the call was not refused');
}
