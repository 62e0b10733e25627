export declare const localPostgresUrl = "postgres://postgres@127.0.0.1:5432/postgres";
export declare const localRedisUrl = "redis://127.0.0.1:6379";
export declare function portAnswers(host: string, port: number, timeoutMs?: number): Promise<boolean>;
