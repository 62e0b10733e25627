import Type, { type Static } from 'typebox';
export declare const ClockRQ: Type.TUnion<[Type.TObject<{
    advance_seconds: Type.TInteger;
}>, Type.TObject<{
    set: Type.TString;
}>]>;
export type ClockRQ = Static<typeof ClockRQ>;
export declare const ClockRS: Type.TObject<{
    now: Type.TString;
}>;
export type ClockRS = Static<typeof ClockRS>;
