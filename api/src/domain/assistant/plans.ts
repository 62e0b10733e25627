// A plan as the assistant shows it, and what its execution answers: shared by the service that
// proposes and runs plans and by the history that shows them again.
export interface PlanView {
  id: string;
  hash: string;
  steps: { tool: string; args: Record<string, unknown>; summary: string }[];
  expires_at: string;
}

export interface StepOutcome {
  tool: string;
  ok: boolean;
  result: unknown;
  error: { code: string; detail: string } | null;
  /** What the step did (its result) in words, or why it failed. */
  summary?: string;
}

export interface Execution {
  plan_id: string;
  executed_at: string;
  steps: StepOutcome[];
}
