export interface SmsProviderRequest {
    path: string;
    user: string;
    password: string;
    contentType: string;
    form: Record<string, string>;
}
export interface SmsProvider {
    url: string;
    received: SmsProviderRequest[];
    /** The answers to give, in order; once used up, 201. 'hang' never answers. */
    answers: ({
        status: number;
        body: object;
    } | 'hang')[];
    close(): Promise<void>;
}
export declare function startSmsProvider(): Promise<SmsProvider>;
