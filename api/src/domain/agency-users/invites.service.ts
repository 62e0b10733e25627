// Invites into an agency: a supervisor (or anyone given `users`) names the person, the company they
// book for and their access; the link's secret goes out by email through the mail outbox (and is
// shown once in the answer), and only its hash is kept. Accepting makes the account, in the invite's
// agency with the invite's access, under a lock on the invite so one link makes one account; the new
// user then signs in by a one-time code sent to the invited email.
import { createHash, randomBytes } from 'node:crypto';
import * as repo from '../../db/agency-users.repository.js';
import { findCompanyFacts } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import type { RecordChange } from '../back-office/audit.js';
import { insertAccount } from '../back-office/people.service.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { MailService } from '../mail/mail.service.js';
import { isStaff, type Principal } from '../principal.js';
import { heldPermissions, listed, presetOf } from './agency-permissions.js';
import { accessOf, agencyUserView, managedAgency, type AccessInput } from './agency-users.service.js';

const validForMs = 7 * 86_400_000;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface InviteInput extends AccessInput {
  email: string;
  first_name: string;
  last_name: string;
  company_id?: string;
}
type Page = { page: number; perPage: number };

function inviteView(r: repo.InviteRow) {
  const held = heldPermissions(r.user_type, r.agency_permissions);
  return {
    id: r.id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    company_id: r.company_id,
    preset: presetOf(r.user_type, held),
    permissions: listed(held),
    booking_visibility: r.booking_visibility,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    accepted_at: r.accepted_at?.toISOString() ?? null,
  };
}

export function createInvitesService(deps: {
  db: Db;
  clock: Clock;
  audit: RecordChange;
  mail: MailService;
  /** Where the console answers, for the link in the email. */
  appUrl: string;
}) {
  const { db, clock, audit, mail } = deps;
  return {
    async list(principal: Principal, agencyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findInvites(db, managedAgency(principal, agencyId), page);
      return { items: rows.map(inviteView), total };
    },

    async create(principal: Principal, agencyId: string | undefined, input: InviteInput) {
      const agency = managedAgency(principal, agencyId ?? undefined);
      const access = accessOf(input, 'Agent');
      if (access.user_type === 'Supervisor' && !(isStaff(principal) || principal.userType === 'Supervisor'))
        throw new DomainError('forbidden', 'Only a supervisor invites a supervisor.');
      if (input.company_id !== undefined) {
        const company = await findCompanyFacts(db, input.company_id);
        if (!company || company.agency_id !== agency) throw notFound('company');
      }
      const secret = `inv_${randomBytes(24).toString('base64url')}`;
      const now = clock.now();
      const id = newId('inv');
      const acceptUrl = `${deps.appUrl}/invite?token=${encodeURIComponent(secret)}`;
      const { message, view } = await db.transaction().execute(async (trx) => {
        await repo.insertInvite(trx, {
          id,
          agency_id: agency,
          company_id: access.user_type === 'Supervisor' ? null : (input.company_id ?? null),
          email: input.email.toLowerCase(),
          first_name: input.first_name,
          last_name: input.last_name,
          user_type: access.user_type,
          agency_permissions: access.agency_permissions ?? [],
          booking_visibility: input.booking_visibility ?? null,
          token_hash: hashOf(secret),
          invited_by: principal.accountId,
          created_at: now,
          expires_at: new Date(now.getTime() + validForMs),
        });
        const view = inviteView((await repo.findInvite(trx, id))!);
        await audit(trx, principal, {
          action: 'createAgencyInvite',
          entityType: 'agency_invite',
          entityId: id,
          agencyId: agency,
          before: null,
          after: view,
        });
        const message = await mail.queueIn(trx, {
          channel: 'email',
          to: input.email,
          subject: 'You are invited to Contrail',
          body: `${input.first_name}, you are invited to join your agency on Contrail. Accept within 7 days: ${acceptUrl}`,
        });
        return { message, view };
      });
      await mail.trigger(message.id);
      return { ...view, accept_url: acceptUrl };
    },

    async accept(token: string) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const invite = await repo.lockInviteByHash(trx, hashOf(token));
        if (!invite) throw notFound('invite');
        if (invite.accepted_at) throw new DomainError('invite_used');
        if (invite.expires_at.getTime() <= now.getTime()) throw new DomainError('invite_expired');
        const accountId = await insertAccount(trx, clock, {
          email: invite.email,
          first_name: invite.first_name,
          last_name: invite.last_name,
          userType: invite.user_type,
          agencyId: invite.agency_id,
          companyId: invite.company_id,
        });
        await repo.updateAgencyAccess(trx, accountId, {
          agency_permissions: invite.user_type === 'Supervisor' ? null : invite.agency_permissions,
          booking_visibility: invite.booking_visibility,
          updated_at: now,
        });
        await repo.markInviteAccepted(trx, invite.id, accountId, now);
        return agencyUserView((await repo.findAgencyUser(trx, accountId))!);
      });
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
