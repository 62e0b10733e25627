export { localPostgresUrl, localRedisUrl, portAnswers } from '../../scripts/local-services.js';
/** A port nothing listens on, for tests of what happens when a dependency is unreachable. */
export declare function closedPort(): Promise<number>;
/** The SECRET_KEY of every test stack; the seed seals the demo channels' credentials under it. */
export declare const testSecretKey = "test-secret-key-that-is-long-enough-0123456789";
