// The assistant's history: a user's own conversations, newest first, and one of them as it
// happened (its messages in order, its plans with what became of them: proposed, expired, or run
// by whom, when, and each step's outcome). Nobody reads another's conversations.
import * as repo from '../../db/assistant.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { Execution, PlanView } from './plans.js';
import type { Table } from './tools.js';

export interface PlanRecord {
  id: string;
  question: string;
  hash: string;
  steps: PlanView['steps'];
  created_at: string;
  expires_at: string;
  state: 'proposed' | 'expired' | 'executed';
  executed_by: { id: string; name: string } | null;
  execution: Execution | null;
}

export interface ConversationRecord {
  id: string;
  created_at: string;
  messages: {
    id: string;
    role: 'user' | 'assistant';
    text: string;
    tables: Table[];
    plan_id: string | null;
    planner: 'rules' | 'model' | null;
    created_at: string;
  }[];
  plans: PlanRecord[];
}

export function createAssistantHistory({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The caller's own conversations, newest first. */
    async conversations(principal: Principal, page: { page: number; perPage: number }) {
      const { rows, total } = await repo.listConversations(db, principal.accountId, page);
      return {
        items: rows.map((r) => ({
          ...r,
          created_at: r.created_at.toISOString(),
          last_at: new Date(r.last_at).toISOString(),
        })),
        total,
      };
    },

    /** One of the caller's conversations: its messages, and its plans with what became of them. */
    async conversation(principal: Principal, id: string): Promise<ConversationRecord> {
      const found = await repo.findConversation(db, id);
      if (!found || found.account_id !== principal.accountId) throw notFound('conversation');
      const [messages, plans] = await Promise.all([repo.conversationMessages(db, id), repo.conversationPlans(db, id)]);
      const bodies = messages.map(
        (m) => (m.body ?? {}) as { tables?: Table[]; plan?: PlanView | null; planner?: string },
      );
      // The steps in the words the answer used: a plan and its answer are written by one statement
      // (repo.recordTurn), so every plan's answer holds them.
      const proposed = new Map(bodies.flatMap((b) => (b.plan ? [[b.plan.id, b.plan.steps] as const] : [])));
      const now = clock.now();
      return {
        id,
        created_at: found.created_at.toISOString(),
        messages: messages.map((m, i) => ({
          id: m.id,
          role: m.role,
          text: m.text,
          tables: bodies[i]!.tables ?? [],
          plan_id: bodies[i]!.plan?.id ?? null,
          planner: bodies[i]!.planner === 'rules' || bodies[i]!.planner === 'model' ? bodies[i]!.planner : null,
          created_at: m.created_at.toISOString(),
        })),
        plans: plans.map((p) => ({
          id: p.id,
          question: p.question,
          hash: p.hash,
          steps: proposed.get(p.id) ?? [],
          created_at: p.created_at.toISOString(),
          expires_at: p.expires_at.toISOString(),
          state: p.executed_at ? 'executed' : p.expires_at <= now ? 'expired' : 'proposed',
          executed_by: p.executed_at ? { id: p.account_id, name: p.executed_by_name ?? p.account_id } : null,
          execution: (p.result as Execution | null) ?? null,
        })),
      };
    },
  };
}
