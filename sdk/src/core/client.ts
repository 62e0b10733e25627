// `createClient(settings)`: the operations with settings of their own, for a program that calls the
// API as several callers at once (a token per agency, a test beside another). The generated
// functions take no client object, and every one of them ends with `options?: RequestInit`, which
// reaches the one mutator (http.ts) unchanged; so a client's operation is the generated one with
// the client's settings put into that last argument. `configure()` settings are never read or
// changed by a client's calls.
import * as generated from '../generated/client';
import { defaults, type SdkConfig } from './config';
import { clientConfigKey } from './http';

type Generated = typeof generated;
/** Every operation of the API; the generated `get…Url` helpers are not calls and stay out. */
export type Operations = {
  [K in keyof Generated as K extends `${string}Url` ? never : Generated[K] extends Operation ? K : never]: Generated[K];
};
type Operation = (...args: never[]) => Promise<unknown>;

export type ContrailClient = Operations & {
  /** This client's settings: the SDK's defaults with the ones given to `createClient`. */
  readonly config: Readonly<SdkConfig>;
};

export function createClient(settings: Partial<SdkConfig> = {}): ContrailClient {
  const config: SdkConfig = Object.freeze({ ...defaults, ...settings });
  const client: Record<string, unknown> = { config };
  for (const [name, value] of Object.entries(generated)) {
    if (typeof value !== 'function' || name.endsWith('Url')) continue;
    client[name] = bindSettings(value as (...args: unknown[]) => Promise<unknown>, config);
  }
  return client as ContrailClient;
}

/** The operation with `config` in its last parameter, `options?: RequestInit` (its `length` counts it). */
function bindSettings(operation: (...args: unknown[]) => Promise<unknown>, config: SdkConfig) {
  const optionsIndex = operation.length - 1;
  return (...args: unknown[]) => {
    const call = args.slice(0, optionsIndex);
    call.length = optionsIndex;
    const options = args[optionsIndex] as RequestInit | undefined;
    return operation(...call, { ...options, [clientConfigKey]: config });
  };
}
