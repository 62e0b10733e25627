// The one seam between the NDC XML adapter (messages, mapping) and how bytes reach an airline
// (REST or SOAP, auth styles, payment host, timeouts, the airline message log). The adapter builds
// and reads XML documents; a transport carries one document to the airline and brings the answer back.
export type NdcXmlMessage =
  | 'AirShopping'
  | 'OfferPrice'
  | 'ServiceList'
  | 'SeatAvailability'
  | 'OrderCreate'
  | 'OrderRetrieve'
  | 'OrderReshop'
  | 'OrderChange';

export interface NdcXmlRequest {
  message: NdcXmlMessage;
  /** The whole IATA_<Message>RQ document, without any SOAP envelope. */
  xml: string;
  /** The call's deadline; the transport fails with a timeout after it. */
  deadlineMs: number;
  /** True when the document carries card data (payment host, stricter log redaction). */
  carriesCard: boolean;
  /** Our booking locator, when the exchange belongs to one (for the airline message log). */
  bookingLocator?: string;
}

export interface NdcXmlAnswer {
  /** HTTP status of the airline's answer. */
  status: number;
  /** The IATA_<Message>RS (or IATA_OrderViewRS) document, with any SOAP envelope removed. */
  xml: string;
  durationMs: number;
}

export interface NdcXmlTransport {
  exchange(request: NdcXmlRequest): Promise<NdcXmlAnswer>;
}
