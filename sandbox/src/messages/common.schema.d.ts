import Type, { type Static } from 'typebox';
export declare const IataLocationCode: Type.TString;
export declare const CarrierCode: Type.TString;
export declare const IsoDate: Type.TString;
export declare const DateTime: Type.TString;
export declare const Money: Type.TObject<{
    Amount: Type.TString;
    CurCode: Type.TString;
}>;
export type Money = Static<typeof Money>;
export declare const PayloadAttributes: Type.TObject<{
    Version: Type.TLiteral<"21.3">;
    Timestamp: Type.TString;
}>;
export declare const NdcError: Type.TObject<{
    Code: Type.TString;
    TypeCode: Type.TString;
    DescText: Type.TString;
    TagText: Type.TOptional<Type.TString>;
    OwnerName: Type.TOptional<Type.TString>;
}>;
export declare const NdcErrors: Type.TObject<{
    Errors: Type.TObject<{
        Error: Type.TArray<Type.TObject<{
            Code: Type.TString;
            TypeCode: Type.TString;
            DescText: Type.TString;
            TagText: Type.TOptional<Type.TString>;
            OwnerName: Type.TOptional<Type.TString>;
        }>>;
    }>;
}>;
export type NdcErrors = Static<typeof NdcErrors>;
export declare const Warning: Type.TObject<{
    Code: Type.TString;
    DescText: Type.TString;
}>;
export declare const OfferRefRQ: Type.TObject<{
    OfferID: Type.TString;
}>;
export type OfferRefRQ = Static<typeof OfferRefRQ>;
