import Type, { type Static } from 'typebox';
export declare const PaxType: Type.TUnion<[Type.TLiteral<"ADT">, Type.TLiteral<"CHD">, Type.TLiteral<"INF">]>;
export declare const AirShoppingRQ: Type.TObject<{
    OriginDestCriteria: Type.TArray<Type.TObject<{
        OriginCode: Type.TString;
        DestCode: Type.TString;
        DepDate: Type.TString;
    }>>;
    PaxList: Type.TArray<Type.TObject<{
        PTC: Type.TUnion<[Type.TLiteral<"ADT">, Type.TLiteral<"CHD">, Type.TLiteral<"INF">]>;
        Quantity: Type.TInteger;
    }>>;
    CabinTypeCode: Type.TOptional<Type.TUnion<[Type.TLiteral<"Y">, Type.TLiteral<"C">]>>;
    CarrierCriteria: Type.TOptional<Type.TArray<Type.TString>>;
    NegoCode: Type.TOptional<Type.TString>;
    ResidentCode: Type.TOptional<Type.TString>;
    /** Sandbox only: how long the search-timeout route waits before answering. */
    SandboxDelayMs: Type.TOptional<Type.TInteger>;
}>;
export type AirShoppingRQ = Static<typeof AirShoppingRQ>;
export declare const OfferSchema: Type.TObject<{
    OfferID: Type.TString;
    OwnerCode: Type.TString;
    ValidatingCarrierCode: Type.TString;
    FareTypeCode: Type.TUnion<[Type.TLiteral<"PUBLIC">, Type.TLiteral<"NEGO">, Type.TLiteral<"RESIDENT">]>;
    CabinTypeCode: Type.TString;
    PriceClassRefID: Type.TString;
    OfferExpirationDateTime: Type.TString;
    PaymentTimeLimitDateTime: Type.TUnion<[Type.TString, Type.TNull]>;
    InstantPaymentRequired: Type.TBoolean;
    JourneyOverview: Type.TArray<Type.TObject<{
        OriginDestRefID: Type.TString;
        PaxJourneyRefID: Type.TString;
        RBD: Type.TArray<Type.TObject<{
            PaxSegmentRefID: Type.TString;
            RBDCode: Type.TString;
            SeatsLeft: Type.TInteger;
        }>>;
    }>>;
    TotalPrice: Type.TObject<{
        TotalAmount: Type.TObject<{
            Amount: Type.TString;
            CurCode: Type.TString;
        }>;
    }>;
    BaggageAllowance: Type.TObject<{
        CheckedBags: Type.TObject<{
            Pieces: Type.TInteger;
            WeightKg: Type.TInteger;
        }>;
        CarryOn: Type.TObject<{
            Pieces: Type.TInteger;
            WeightKg: Type.TInteger;
        }>;
    }>;
    Penalties: Type.TObject<{
        Change: Type.TObject<{
            Allowed: Type.TBoolean;
            Fee: Type.TOptional<Type.TObject<{
                Amount: Type.TString;
                CurCode: Type.TString;
            }>>;
        }>;
        Refund: Type.TObject<{
            Allowed: Type.TBoolean;
            Fee: Type.TOptional<Type.TObject<{
                Amount: Type.TString;
                CurCode: Type.TString;
            }>>;
        }>;
    }>;
    OfferItem: Type.TArray<Type.TObject<{
        OfferItemID: Type.TString;
        PTC: Type.TUnion<[Type.TLiteral<"ADT">, Type.TLiteral<"CHD">, Type.TLiteral<"INF">]>;
        PaxQuantity: Type.TInteger;
        Price: Type.TObject<{
            BaseAmount: Type.TObject<{
                Amount: Type.TString;
                CurCode: Type.TString;
            }>;
            TaxSummary: Type.TObject<{
                Tax: Type.TArray<Type.TObject<{
                    TaxCode: Type.TString;
                    Amount: Type.TObject<{
                        Amount: Type.TString;
                        CurCode: Type.TString;
                    }>;
                }>>;
                TotalTaxAmount: Type.TObject<{
                    Amount: Type.TString;
                    CurCode: Type.TString;
                }>;
            }>;
            TotalAmount: Type.TObject<{
                Amount: Type.TString;
                CurCode: Type.TString;
            }>;
        }>;
        FareDetail: Type.TObject<{
            FareComponent: Type.TArray<Type.TObject<{
                PaxJourneyRefID: Type.TString;
                FareBasisCode: Type.TString;
            }>>;
            FareCalculation: Type.TString;
        }>;
    }>>;
}>;
export type OfferSchema = Static<typeof OfferSchema>;
export declare const DataLists: Type.TObject<{
    OriginDestList: Type.TArray<Type.TObject<{
        OriginDestID: Type.TString;
        OriginCode: Type.TString;
        DestCode: Type.TString;
        PaxJourneyRefID: Type.TArray<Type.TString>;
    }>>;
    PaxJourneyList: Type.TArray<Type.TObject<{
        PaxJourneyID: Type.TString;
        Duration: Type.TString;
        PaxSegmentRefID: Type.TArray<Type.TString>;
    }>>;
    PaxSegmentList: Type.TArray<Type.TObject<{
        PaxSegmentID: Type.TString;
        Dep: Type.TObject<{
            IATALocationCode: Type.TString;
            AircraftScheduledDateTime: Type.TString;
            StationName: Type.TString;
        }>;
        Arrival: Type.TObject<{
            IATALocationCode: Type.TString;
            AircraftScheduledDateTime: Type.TString;
            StationName: Type.TString;
        }>;
        MarketingCarrierInfo: Type.TObject<{
            CarrierDesigCode: Type.TString;
            CarrierName: Type.TString;
            MarketingCarrierFlightNumberText: Type.TString;
        }>;
        OperatingCarrierInfo: Type.TObject<{
            CarrierDesigCode: Type.TString;
            CarrierName: Type.TString;
            OperatingCarrierFlightNumberText: Type.TString;
        }>;
        DatedOperatingLeg: Type.TObject<{
            IATAAircraftTypeCode: Type.TString;
        }>;
        Duration: Type.TString;
        DistanceMeasure: Type.TObject<{
            Value: Type.TInteger;
            UnitCode: Type.TLiteral<"KM">;
        }>;
    }>>;
    PriceClassList: Type.TArray<Type.TObject<{
        PriceClassID: Type.TString;
        Name: Type.TString;
        Code: Type.TString;
        CabinTypeCode: Type.TString;
    }>>;
}>;
export type DataLists = Static<typeof DataLists>;
export declare const AirShoppingRS: Type.TObject<{
    PayloadAttributes: Type.TObject<{
        Version: Type.TLiteral<"21.3">;
        Timestamp: Type.TString;
    }>;
    ShoppingResponseID: Type.TString;
    OffersGroup: Type.TObject<{
        CarrierOffers: Type.TArray<Type.TObject<{
            CarrierCode: Type.TString;
            CarrierName: Type.TString;
            Offer: Type.TArray<Type.TObject<{
                OfferID: Type.TString;
                OwnerCode: Type.TString;
                ValidatingCarrierCode: Type.TString;
                FareTypeCode: Type.TUnion<[Type.TLiteral<"PUBLIC">, Type.TLiteral<"NEGO">, Type.TLiteral<"RESIDENT">]>;
                CabinTypeCode: Type.TString;
                PriceClassRefID: Type.TString;
                OfferExpirationDateTime: Type.TString;
                PaymentTimeLimitDateTime: Type.TUnion<[Type.TString, Type.TNull]>;
                InstantPaymentRequired: Type.TBoolean;
                JourneyOverview: Type.TArray<Type.TObject<{
                    OriginDestRefID: Type.TString;
                    PaxJourneyRefID: Type.TString;
                    RBD: Type.TArray<Type.TObject<{
                        PaxSegmentRefID: Type.TString;
                        RBDCode: Type.TString;
                        SeatsLeft: Type.TInteger;
                    }>>;
                }>>;
                TotalPrice: Type.TObject<{
                    TotalAmount: Type.TObject<{
                        Amount: Type.TString;
                        CurCode: Type.TString;
                    }>;
                }>;
                BaggageAllowance: Type.TObject<{
                    CheckedBags: Type.TObject<{
                        Pieces: Type.TInteger;
                        WeightKg: Type.TInteger;
                    }>;
                    CarryOn: Type.TObject<{
                        Pieces: Type.TInteger;
                        WeightKg: Type.TInteger;
                    }>;
                }>;
                Penalties: Type.TObject<{
                    Change: Type.TObject<{
                        Allowed: Type.TBoolean;
                        Fee: Type.TOptional<Type.TObject<{
                            Amount: Type.TString;
                            CurCode: Type.TString;
                        }>>;
                    }>;
                    Refund: Type.TObject<{
                        Allowed: Type.TBoolean;
                        Fee: Type.TOptional<Type.TObject<{
                            Amount: Type.TString;
                            CurCode: Type.TString;
                        }>>;
                    }>;
                }>;
                OfferItem: Type.TArray<Type.TObject<{
                    OfferItemID: Type.TString;
                    PTC: Type.TUnion<[Type.TLiteral<"ADT">, Type.TLiteral<"CHD">, Type.TLiteral<"INF">]>;
                    PaxQuantity: Type.TInteger;
                    Price: Type.TObject<{
                        BaseAmount: Type.TObject<{
                            Amount: Type.TString;
                            CurCode: Type.TString;
                        }>;
                        TaxSummary: Type.TObject<{
                            Tax: Type.TArray<Type.TObject<{
                                TaxCode: Type.TString;
                                Amount: Type.TObject<{
                                    Amount: Type.TString;
                                    CurCode: Type.TString;
                                }>;
                            }>>;
                            TotalTaxAmount: Type.TObject<{
                                Amount: Type.TString;
                                CurCode: Type.TString;
                            }>;
                        }>;
                        TotalAmount: Type.TObject<{
                            Amount: Type.TString;
                            CurCode: Type.TString;
                        }>;
                    }>;
                    FareDetail: Type.TObject<{
                        FareComponent: Type.TArray<Type.TObject<{
                            PaxJourneyRefID: Type.TString;
                            FareBasisCode: Type.TString;
                        }>>;
                        FareCalculation: Type.TString;
                    }>;
                }>>;
            }>>;
        }>>;
    }>;
    DataLists: Type.TObject<{
        OriginDestList: Type.TArray<Type.TObject<{
            OriginDestID: Type.TString;
            OriginCode: Type.TString;
            DestCode: Type.TString;
            PaxJourneyRefID: Type.TArray<Type.TString>;
        }>>;
        PaxJourneyList: Type.TArray<Type.TObject<{
            PaxJourneyID: Type.TString;
            Duration: Type.TString;
            PaxSegmentRefID: Type.TArray<Type.TString>;
        }>>;
        PaxSegmentList: Type.TArray<Type.TObject<{
            PaxSegmentID: Type.TString;
            Dep: Type.TObject<{
                IATALocationCode: Type.TString;
                AircraftScheduledDateTime: Type.TString;
                StationName: Type.TString;
            }>;
            Arrival: Type.TObject<{
                IATALocationCode: Type.TString;
                AircraftScheduledDateTime: Type.TString;
                StationName: Type.TString;
            }>;
            MarketingCarrierInfo: Type.TObject<{
                CarrierDesigCode: Type.TString;
                CarrierName: Type.TString;
                MarketingCarrierFlightNumberText: Type.TString;
            }>;
            OperatingCarrierInfo: Type.TObject<{
                CarrierDesigCode: Type.TString;
                CarrierName: Type.TString;
                OperatingCarrierFlightNumberText: Type.TString;
            }>;
            DatedOperatingLeg: Type.TObject<{
                IATAAircraftTypeCode: Type.TString;
            }>;
            Duration: Type.TString;
            DistanceMeasure: Type.TObject<{
                Value: Type.TInteger;
                UnitCode: Type.TLiteral<"KM">;
            }>;
        }>>;
        PriceClassList: Type.TArray<Type.TObject<{
            PriceClassID: Type.TString;
            Name: Type.TString;
            Code: Type.TString;
            CabinTypeCode: Type.TString;
        }>>;
    }>;
}>;
export type AirShoppingRS = Static<typeof AirShoppingRS>;
