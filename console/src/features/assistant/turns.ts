// A conversation's turns as the page shows them: a question, its answer (tables, a plan) and what
// became of the plan. A past conversation (GET /admin_panel/conversations/{id}) is turned back
// into the same turns, so reopening it looks as it did when it was asked.
import type { AssistantAnswer, AssistantConversation } from '@contrail/sdk';
import type { PlanState } from './plan-card';

export interface Turn {
  key: number;
  question: string;
  /** The answer; `planner` is null for answers kept before it was recorded. */
  answer?: Omit<AssistantAnswer, 'planner'> & { planner: AssistantAnswer['planner'] | null };
  /** Why the question got no answer (the errors envelope's detail). */
  error?: string;
  plan?: PlanState;
}

/** What became of a stored plan: run (by whom, with each step's result), expired, or still open. */
function stateOf(plan: AssistantConversation['plans'][number]): PlanState {
  if (plan.state === 'executed' && plan.execution)
    return { kind: 'done', execution: plan.execution, by: plan.executed_by?.name };
  if (plan.state === 'expired') return { kind: 'expired', at: plan.expires_at };
  return { kind: 'open' };
}

export function turnsOf(record: AssistantConversation, nextKey: () => number): Turn[] {
  const plans = new Map(record.plans.map((p) => [p.id, p]));
  const turns: Turn[] = [];
  for (const message of record.messages) {
    if (message.role === 'user') {
      turns.push({ key: nextKey(), question: message.text });
      continue;
    }
    const turn = turns.at(-1);
    if (!turn || turn.answer) continue;
    const plan = message.plan_id ? plans.get(message.plan_id) : undefined;
    turn.answer = {
      conversation_id: record.id,
      answer: message.text,
      tables: message.tables,
      planner: message.planner,
      plan: plan ? { id: plan.id, hash: plan.hash, steps: plan.steps, expires_at: plan.expires_at } : null,
    };
    if (plan) turn.plan = stateOf(plan);
  }
  return turns;
}
