// A real OpenSSH server on loopback for the back-office feed's SFTP tests: its own temporary folder,
// config, host key and user key, a free non-root port, started as `sshd -D -e -f cfg` and stopped
// with the test. `readOnly` serves SFTP read-only (internal-sftp -R), so the server refuses every
// write the way a full or locked disk does. `dropAfter` puts a TCP relay in front that cuts the
// connection once that many bytes went to the server (a receiver that drops mid-file).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface SftpServer {
  port: number;
  username: string;
  privateKey: string;
  hostKeyFingerprint: string;
  /** The served folder (absolute, on this machine). */
  folder: string;
  /** Kills sshd and every session it forked at once (SIGKILL), as a crash would; the folder stays. */
  kill(): void;
  /** Freezes sshd and its sessions (SIGSTOP): the connections stay open and nothing answers. */
  stop(): void;
  /** Lets a stopped server run again (SIGCONT). */
  resume(): void;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function startSftpServer(
  options: { readOnly?: boolean; hostKeyFrom?: SftpServer } = {},
): Promise<SftpServer> {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-sshd-'));
  const folder = join(dir, 'inbox');
  mkdirSync(folder);
  const hostKey = join(dir, 'host_ed25519');
  const userKey = join(dir, 'user_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', userKey]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${userKey}.pub`));
  // As root, sshd insists on its privilege-separation folder.
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      `Subsystem sftp internal-sftp${options.readOnly ? ' -R' : ''}`,
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  await waitForListen(port, () => stderr);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`])
    .toString()
    .split(' ')[1]!;
  // Each session runs in processes sshd forked (in sessions of their own), not in sshd itself.
  const tree = (pid: number): number[] => {
    let children: number[] = [];
    try {
      children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
        .toString()
        .split('\n')
        .filter((l) => l.trim())
        .map(Number);
    } catch {
      // ps answers 1 when the process has no children.
    }
    return [...children.flatMap(tree), pid];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of tree(child.pid!))
      try {
        process.kill(pid, signal);
      } catch {
        // Gone already.
      }
  };
  return {
    port,
    username: userInfo().username,
    privateKey: readFileSync(userKey, 'utf8'),
    hostKeyFingerprint: fingerprint,
    folder,
    kill() {
      signalAll('SIGKILL');
    },
    stop() {
      signalAll('SIGSTOP');
    },
    resume() {
      signalAll('SIGCONT');
    },
    async close() {
      child.kill('SIGTERM');
      // A process ended by a signal (see `kill`) has a signalCode and no exitCode.
      const ended = () => child.exitCode !== null || child.signalCode !== null;
      await new Promise((resolve) => (ended() ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForListen(port: number, log: () => string) {
  // A loaded machine (the suite runs files in parallel) can take well over 10 s to start sshd.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sshd did not start: ${log()}`);
}

/** A relay to `targetPort` that cuts both sides once `dropAfter` bytes went to the server. */
export async function startDroppingRelay(
  targetPort: number,
  dropAfter: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let sent = 0;
    client.on('data', (d: Buffer) => {
      sent += d.length;
      if (sent > dropAfter) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => client.write(d));
    client.on('error', () => upstream.destroy()).on('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy()).on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
