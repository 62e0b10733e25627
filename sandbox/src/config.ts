// The sandbox's environment, checked once at boot.
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

const SandboxConfig = Type.Object({
  SANDBOX_HOST: Type.String({ default: '127.0.0.1' }),
  SANDBOX_PORT: Type.Integer({ default: 4010, minimum: 0, maximum: 65535 }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /** Seeds the schedule network and inventory: the same seed and date always build the same flights. */
  SANDBOX_SEED: Type.String({ default: 'contrail', minLength: 1 }),
  /** `realistic` delays each answer by the carriers' own response times. */
  SANDBOX_LATENCY: Type.Union([Type.Literal('off'), Type.Literal('realistic')], { default: 'off' }),
  /** Where OrderChangeNotif is pushed for credentials that registered no URL (PUT /sandbox/notify_url). */
  SANDBOX_NOTIFY_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Sandbox-clock seconds a SLOWEMD passenger's EMDs stay pending. */
  SANDBOX_SLOW_EMD_SECONDS: Type.Integer({ default: 600, minimum: 0, maximum: 86_400 }),
  /**
   * PostgreSQL where orders outlive a restart; defaults to DATABASE_URL (the API's database, as
   * `npm start` and the tests run it). Neither set: orders live in memory only.
   */
  SANDBOX_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** The sandbox's own schema in that database: one running sandbox per schema. */
  SANDBOX_DATABASE_SCHEMA: Type.String({ default: 'sandbox', pattern: '^[a-z_][a-z0-9_]{0,62}$' }),
  /**
   * A second, HTTPS door that asks callers for client certificates (mutual TLS for NDC XML
   * channels switched to it): its port and PEM files; unset, there is no such door.
   */
  SANDBOX_TLS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  SANDBOX_TLS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  SANDBOX_TLS_CERT_FILE: Type.Optional(Type.String({ minLength: 1 })),
  SANDBOX_TLS_CA_FILE: Type.Optional(Type.String({ minLength: 1 })),
});
export type SandboxConfig = Readonly<Static<typeof SandboxConfig>>;

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const raw = Object.fromEntries(
    Object.keys(SandboxConfig.properties).flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])),
  );
  if (raw.SANDBOX_DATABASE_URL === undefined && env.DATABASE_URL) raw.SANDBOX_DATABASE_URL = env.DATABASE_URL;
  const value = Value.Convert(SandboxConfig, Value.Default(SandboxConfig, raw));
  const problems = [...Value.Errors(SandboxConfig, value)].map((e) => `${e.instancePath.slice(1)}: ${e.message}`);
  if (problems.length) throw new Error(`Invalid sandbox configuration:\n  - ${problems.join('\n  - ')}`);
  return Object.freeze(value as Static<typeof SandboxConfig>);
}
