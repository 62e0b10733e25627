// An agency's logo: its supervisors (or staff) upload a PNG or JPEG of at most 128 KiB, taken by
// its first bytes whatever it is called (no SVG: it can carry script); the agency's own users and
// staff read it. Anyone else gets not_found, so another agency's logo reveals nothing.
import * as repo from '../../db/agencies.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError, invalidField, notFound } from '../errors.js';
import { base64Size, isBase64, looksLike } from '../file-kinds.js';
import { isStaff, type Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { mustReach } from './scope.js';

export const maxLogoBytes = 128 * 1024;

export interface LogoView {
  agencyId: string;
  contentType: 'image/png' | 'image/jpeg';
  size: number;
  updatedAt: Date;
}

export function createAgencyLogoService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;

  async function reachable(trx: Db, principal: Principal, agencyId: string) {
    mustReach(principal, agencyId, 'partner');
    // Locked: two uploads at once end as one of them, with both audited in order.
    if (!(await repo.lockAgency(trx, agencyId))) throw notFound('partner');
  }

  return {
    async read(principal: Principal, agencyId: string) {
      // Its own users see their agency's logo in the console header; staff see every one.
      if (!isStaff(principal) && principal.agencyId !== agencyId) throw notFound('logo');
      const logo = await repo.findAgencyLogo(db, agencyId);
      if (!logo) throw notFound('logo');
      return { contentType: logo.content_type, content: logo.content };
    },

    async set(
      principal: Principal,
      agencyId: string,
      upload: { content_type: 'image/png' | 'image/jpeg'; content_base64: string },
    ): Promise<LogoView> {
      if (!isBase64(upload.content_base64)) throw invalidField('/content_base64', 'The content is not base64.');
      const size = base64Size(upload.content_base64);
      if (size > maxLogoBytes)
        throw new DomainError('logo_too_large', `The logo is ${size} bytes; a logo is at most ${maxLogoBytes}.`, {
          pointer: '/content_base64',
        });
      const content = Buffer.from(upload.content_base64, 'base64');
      if (!looksLike[upload.content_type](content))
        throw new DomainError('logo_type_not_allowed', `The file does not look like ${upload.content_type}.`, {
          pointer: '/content_base64',
        });
      const at = clock.now();
      await db.transaction().execute(async (trx) => {
        await reachable(trx, principal, agencyId);
        await repo.upsertAgencyLogo(trx, {
          agency_id: agencyId,
          content_type: upload.content_type,
          content,
          updated_at: at,
        });
        await audit(trx, principal, {
          action: 'setAgencyLogo',
          entityType: 'agency',
          entityId: agencyId,
          agencyId,
          before: null,
          after: { logo: { content_type: upload.content_type, size: content.length } },
        });
      });
      return { agencyId, contentType: upload.content_type, size: content.length, updatedAt: at };
    },

    async remove(principal: Principal, agencyId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await reachable(trx, principal, agencyId);
        await repo.deleteAgencyLogo(trx, agencyId);
        await audit(trx, principal, {
          action: 'deleteAgencyLogo',
          entityType: 'agency',
          entityId: agencyId,
          agencyId,
          before: null,
          after: { logo: null },
        });
      });
    },
  };
}

export type AgencyLogoService = ReturnType<typeof createAgencyLogoService>;
