// Certificates made for one test run with openssl (never committed): a CA, a server certificate
// for 127.0.0.1 signed by it, client certificates by common name, and a second CA whose
// certificates the first does not trust.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pem {
  key: string;
  cert: string;
}

export interface TestPki {
  ca: Pem;
  server: Pem;
  client(commonName: string, by?: 'ca' | 'rogue'): Pem;
  dispose(): void;
}

export function createTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'contrail-pki-'));
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const makeCa = (name: string) => {
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
    );
  };
  makeCa('ca');
  makeCa('rogue');
  let serial = 1;
  const sign = (name: string, subject: string, by: string, ext?: string) => {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject, '-keyout', `${name}.key`, '-out', `${name}.csr`);
    const extArgs: string[] = [];
    if (ext) {
      writeFileSync(join(dir, `${name}.ext`), ext);
      extArgs.push('-extfile', `${name}.ext`);
    }
    ssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${by}.crt`,
      '-CAkey',
      `${by}.key`,
      '-set_serial',
      String(serial++),
      '-days',
      '2',
      '-out',
      `${name}.crt`,
      ...extArgs,
    );
    return { key: read(`${name}.key`), cert: read(`${name}.crt`) };
  };
  const server = sign('server', '/CN=127.0.0.1', 'ca', 'subjectAltName=IP:127.0.0.1\n');
  let clients = 0;
  return {
    ca: { key: read('ca.key'), cert: read('ca.crt') },
    server,
    client: (commonName, by = 'ca') => sign(`client${clients++}`, `/CN=${commonName}`, by),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
