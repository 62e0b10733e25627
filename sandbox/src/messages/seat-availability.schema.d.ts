import Type, { type Static } from 'typebox';
export declare const SeatAvailabilityRQ: Type.TObject<{
    OfferID: Type.TString;
}>;
export type SeatAvailabilityRQ = Static<typeof SeatAvailabilityRQ>;
export declare const SeatAvailabilityRS: Type.TObject<{
    PayloadAttributes: Type.TObject<{
        Version: Type.TLiteral<"21.3">;
        Timestamp: Type.TString;
    }>;
    OfferID: Type.TString;
    SeatMap: Type.TArray<Type.TObject<{
        PaxSegmentRefID: Type.TString;
        CabinCompartment: Type.TObject<{
            CabinTypeCode: Type.TString;
            FirstRow: Type.TInteger;
            LastRow: Type.TInteger;
            ColumnID: Type.TArray<Type.TObject<{
                ID: Type.TString;
                Position: Type.TString;
            }>>;
            SeatRow: Type.TArray<Type.TObject<{
                RowNumber: Type.TInteger;
                Seat: Type.TArray<Type.TObject<{
                    ColumnID: Type.TString;
                    OccupationStatusCode: Type.TUnion<[Type.TLiteral<"F">, Type.TLiteral<"O">]>;
                    SeatCharacteristicCode: Type.TArray<Type.TString>;
                    Price: Type.TOptional<Type.TObject<{
                        Amount: Type.TString;
                        CurCode: Type.TString;
                    }>>;
                }>>;
            }>>;
        }>;
    }>>;
}>;
export type SeatAvailabilityRS = Static<typeof SeatAvailabilityRS>;
