// The frame every request document shares: who sells to whom (DistributionChain: the seller as
// link 1, the airline as link 2) and the payload attributes (21.3, a timestamp), around the
// message's own Request element.
import { el, leaf, ndcDocument, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

/** How the platform names itself to airlines as the seller. */
export const sellerOrgId = 'CONTRAIL';

export function requestDocument(root: string, carrier: string, request: XmlElement): string {
  return ndcDocument(root, [
    el(
      'DistributionChain',
      el(
        'DistributionChainLink',
        leaf('Ordinal', 1),
        leaf('OrgRole', 'Seller'),
        el('ParticipatingOrg', leaf('Name', 'Contrail'), leaf('OrgID', sellerOrgId)),
      ),
      el(
        'DistributionChainLink',
        leaf('Ordinal', 2),
        leaf('OrgRole', 'Carrier'),
        el('ParticipatingOrg', leaf('OrgID', carrier)),
      ),
    ),
    el('PayloadAttributes', leaf('Timestamp', new Date().toISOString()), leaf('VersionNumber', '21.3')),
    { ...request, name: 'Request' },
  ]);
}
