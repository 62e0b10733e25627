// PostgreSQL and Redis as `npm start`, the tests and the benchmark find them: the URLs from the
// environment, else the local servers on their standard ports.
import net from 'node:net';

export const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
export const localRedisUrl = 'redis://127.0.0.1:6379';

export function portAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
