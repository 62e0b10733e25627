// The names of the NDC messages the sandbox airlines answer, and how the XML face calls one of them
// in JSON. A leaf module: the XML writers use the call without reaching the routes it ends in.

export type NdcMessageName =
  | 'AirShopping'
  | 'OfferPrice'
  | 'ServiceList'
  | 'SeatAvailability'
  | 'OrderCreate'
  | 'OrderRetrieve'
  | 'OrderChange'
  | 'OrderReshop';

/** One message by name, with a JSON body, answering the message's JSON (the XML face's way in). */
export type NdcMessageCall = <T>(message: NdcMessageName, body: unknown) => Promise<T>;
