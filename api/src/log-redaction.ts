// Personal data a logged object may carry, redacted by every process's logger (the API's and the
// worker's): a passenger's travel document number, as the API, the airline port and NDC name it,
// wherever in the object it sits. Credentials in request headers are the API's own list.
export const redactedPaths = [
  'identity_document.number',
  '*.identity_document.number',
  '*.passengers[*].identity_document.number',
  'identityDocument.number',
  '*.identityDocument.number',
  '*.passengers[*].identityDocument.number',
  '*.IdentityDoc[*].IdentityDocID',
  '*.PaxList[*].IdentityDoc[*].IdentityDocID',
];
