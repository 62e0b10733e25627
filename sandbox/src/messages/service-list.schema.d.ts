import Type, { type Static } from 'typebox';
export declare const ServiceListRQ: Type.TObject<{
    OfferID: Type.TString;
}>;
export type ServiceListRQ = Static<typeof ServiceListRQ>;
export declare const ServiceListRS: Type.TObject<{
    PayloadAttributes: Type.TObject<{
        Version: Type.TLiteral<"21.3">;
        Timestamp: Type.TString;
    }>;
    OfferID: Type.TString;
    ServiceDefinitionList: Type.TArray<Type.TObject<{
        ServiceDefinitionID: Type.TString;
        Name: Type.TString;
        RFIC: Type.TString;
        RFISC: Type.TString;
        BaggageWeightKg: Type.TOptional<Type.TInteger>;
    }>>;
    ALaCarteOffer: Type.TObject<{
        OfferItem: Type.TArray<Type.TObject<{
            OfferItemID: Type.TString;
            ServiceDefinitionRefID: Type.TString;
            PaxJourneyRefID: Type.TString;
            PaxSegmentRefID: Type.TOptional<Type.TString>;
            EligiblePTC: Type.TArray<Type.TUnion<[Type.TLiteral<"ADT">, Type.TLiteral<"CHD">, Type.TLiteral<"INF">]>>;
            UnitPrice: Type.TObject<{
                Amount: Type.TString;
                CurCode: Type.TString;
            }>;
        }>>;
    }>;
}>;
export type ServiceListRS = Static<typeof ServiceListRS>;
