// The admin assistant: `ask` answers a reading question at once, with tables, and turns a request
// for a change into a plan that changes nothing; `execute` runs a confirmed plan at most once. The
// gate is here, on the server: a plan is stored with the hash of its steps, belongs to its author,
// expires after 10 minutes, and each step is checked again at execution (the tool is on the
// allow-list, its input matches the contract's schema, the caller's role may call its operation)
// before it runs through the domain service with the caller's own principal.
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as repo from '../../db/assistant.repository.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal, UserType } from '../principal.js';
import { createModelPlanner, type ModelSettings } from './model-planner.js';
import { createAssistantHistory } from './assistant-history.js';
import type { Execution, PlanView, StepOutcome } from './plans.js';
import { planByRules, type Call, type Directory, type Planned } from './rules-planner.js';
import { namesOf } from './resolve.js';
import { tableOf } from './tables.js';
import { resultText, say, stepSummary, texts, type Language } from './texts.js';
import { operationOf, tools, type Table, type Tool, type ToolDeps } from './tools.js';

export const planLifetimeMs = 10 * 60_000;

export interface AskInput {
  question: string;
  conversation_id?: string;
  language?: Language;
}

export interface Answer {
  conversation_id: string;
  answer: string;
  tables: Table[];
  plan: PlanView | null;
  planner: 'rules' | 'model';
}

interface Turn {
  conversationId: string;
  isNew: boolean;
  plans: Omit<repo.PlanRow, 'executed_at' | 'result'>[];
}

/** Canonical JSON: keys sorted at every level, so equal steps always hash the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const planHash = (steps: readonly Call[]): string =>
  createHash('sha256')
    .update(canonical(steps.map((s) => ({ tool: s.tool, args: s.args }))))
    .digest('hex');

export function createAssistantService(
  deps: ToolDeps & {
    clock: Clock;
    /** The contract's component schemas (tool inputs are checked against the contract's own). */
    contractSchemas: () => Record<string, unknown>;
    /** Whether a role may call a contract operation (the permission matrix). */
    allowed: (operationId: string, userType: UserType) => boolean;
    /** A model server, when one is configured; the rules planner otherwise. */
    model?: ModelSettings;
  },
) {
  const { db, clock } = deps;
  const planByModel = deps.model?.url ? createModelPlanner(deps.model) : undefined;
  let schemas: Record<string, unknown> | undefined;
  const contractSchemas = () => (schemas ??= deps.contractSchemas());
  let validators: Map<string, { own: ValidateFunction; body?: ValidateFunction }> | undefined;

  function validatorsOf(tool: Tool) {
    if (!validators) {
      const ajv = new Ajv2020({ strict: false, allErrors: false });
      addFormats.default(ajv);
      ajv.addSchema({ $id: 'contract', components: { schemas: contractSchemas() } });
      validators = new Map();
      for (const t of tools.values()) {
        validators.set(t.name, {
          own: ajv.compile({
            type: 'object',
            properties: t.input.own,
            required: (t.input.required ?? []).filter((k) => k in t.input.own),
            additionalProperties: t.input.body !== undefined,
          }),
          body: t.input.body ? ajv.compile({ $ref: `contract#/components/schemas/${t.input.body}` }) : undefined,
        });
      }
    }
    return validators.get(tool.name)!;
  }

  /** The tool of a call if it is on the allow-list and its input matches its schema; else why not. */
  function checked(call: Call): { tool: Tool } | { error: DomainError } {
    const tool = tools.get(call.tool);
    if (!tool) return { error: new DomainError('forbidden', `There is no tool "${String(call.tool).slice(0, 60)}".`) };
    if (!call.args || typeof call.args !== 'object' || Array.isArray(call.args))
      return { error: new DomainError('validation_failed', 'The arguments must be an object.') };
    const v = validatorsOf(tool);
    const own = Object.fromEntries(Object.entries(call.args).filter(([k]) => k in tool.input.own));
    const body = Object.fromEntries(Object.entries(call.args).filter(([k]) => !(k in tool.input.own)));
    const missing = (tool.input.required ?? []).find((k) => !(k in call.args));
    if (missing) return { error: new DomainError('validation_failed', `${missing} is required.`) };
    if (!v.own(call.args)) return { error: new DomainError('validation_failed', ajvDetail(v.own)) };
    if (v.body && !v.body(body)) return { error: new DomainError('validation_failed', ajvDetail(v.body)) };
    if (!v.body && Object.keys(own).length !== Object.keys(call.args).length)
      return { error: new DomainError('validation_failed', 'Unknown arguments.') };
    return { tool };
  }

  const mayRun = (principal: Principal, tool: Tool, args: unknown) =>
    deps.allowed(operationOf(tool, args), principal.userType);

  /** The conversation the turn belongs to: the caller's own, or a new one (written with the turn). */
  async function turnOf(principal: Principal, id: string | undefined): Promise<Turn> {
    if (id) {
      const found = await repo.findConversation(db, id);
      if (!found || found.account_id !== principal.accountId) throw notFound('conversation');
      return { conversationId: id, isNew: false, plans: [] };
    }
    return { conversationId: newId('acv'), isNew: true, plans: [] };
  }

  async function channelOf(principal: Principal, agencyId: string, carrier: string) {
    const { items } = await deps.backOffice.agencyChannels.list(principal, agencyId, { page: 1, perPage: 100 });
    return items.find((c) => c.carrier === carrier)?.id;
  }

  /** Failed EMD requests the caller may see, found in SQL by booking or by id. */
  async function failedEmdsOf(principal: Principal, of: { locator?: string; requestId?: string }) {
    const { items } = await deps.bookings.emdRequests(
      principal,
      { status: 'failed', locator: of.locator, id: of.requestId },
      { page: 1, perPage: 20 },
    );
    return items.map((r) => ({ locator: r.locator, request_id: r.id }));
  }

  async function answerOf(
    principal: Principal,
    question: string,
    language: Language,
    planned: Planned,
    directory: Directory,
    turn: Turn,
    at: Date,
  ): Promise<Omit<Answer, 'conversation_id' | 'planner'>> {
    const help = () => ({
      answer: `${say(texts.unknown, language)} ${say(texts.examples, language)}`,
      tables: [],
      plan: null,
    });
    if (planned.kind === 'unknown') return help();
    if (planned.kind === 'model') return modelAnswer(principal, question, language, planned, directory, turn, at);
    if (planned.kind === 'missing') return { answer: say(texts[planned.what], language), tables: [], plan: null };
    if (planned.kind === 'ambiguous')
      return { answer: `${say(texts[planned.what], language)} ${planned.options.join('; ')}`, tables: [], plan: null };
    const calls = planned.kind === 'read' ? [planned.call] : planned.steps;
    for (const call of calls) {
      const c = checked(call);
      if ('error' in c)
        return { answer: say(texts.invalid, language, { detail: c.error.detail ?? '' }), tables: [], plan: null };
      if (planned.kind === 'read' && c.tool.kind !== 'read') return help();
      if (!mayRun(principal, c.tool, call.args))
        return { answer: say(texts.forbidden, language), tables: [], plan: null };
    }
    if (planned.kind === 'read') {
      const tool = tools.get(planned.call.tool)!;
      try {
        const result = await tool.run(deps, principal, planned.call.args);
        return { ...tableOf(tool.name, result, language, directory), plan: null };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // A refusal of the service (no such booking, a range too long…) is an answer in words.
        if (error.code === 'not_found') return { answer: say(texts.notFoundBooking, language), tables: [], plan: null };
        return { answer: say(texts.invalid, language, { detail: error.detail ?? error.code }), tables: [], plan: null };
      }
    }
    return {
      answer: say(texts.planReady, language),
      tables: [],
      plan: await propose(principal, question, language, planned.steps, directory, turn, at),
    };
  }

  async function propose(
    principal: Principal,
    question: string,
    language: Language,
    calls: Call[],
    directory: Directory,
    turn: Turn,
    at: Date,
  ): Promise<PlanView> {
    const names = namesOf(directory);
    const steps = calls.map((s) => ({ tool: s.tool, args: s.args }));
    const plan: PlanView = {
      id: newId('apl'),
      hash: planHash(steps),
      steps: steps.map((s) => ({ ...s, summary: stepSummary(language, s.tool, s.args, names) })),
      expires_at: new Date(at.getTime() + planLifetimeMs).toISOString(),
    };
    turn.plans.push({
      id: plan.id,
      conversation_id: turn.conversationId,
      account_id: principal.accountId,
      question,
      hash: plan.hash,
      steps,
      language,
      created_at: at,
      expires_at: new Date(plan.expires_at),
    });
    return plan;
  }

  /** The model's turn: its reads' tables, and its writes as a plan, if every one is allowed and valid. */
  async function modelAnswer(
    principal: Principal,
    question: string,
    language: Language,
    planned: Extract<Planned, { kind: 'model' }>,
    directory: Directory,
    turn: Turn,
    at: Date,
  ): Promise<Omit<Answer, 'conversation_id' | 'planner'>> {
    const tables = planned.reads.flatMap((r) => tableOf(r.tool, r.result, language, directory).tables);
    if (planned.refused.length)
      return {
        answer: say(texts.modelRefused, language, { tools: planned.refused.join(', ').slice(0, 200) }),
        tables,
        plan: null,
      };
    for (const call of planned.writes) {
      const c = checked(call);
      if ('error' in c)
        return { answer: say(texts.invalid, language, { detail: c.error.detail ?? '' }), tables, plan: null };
      if (!mayRun(principal, c.tool, call.args)) return { answer: say(texts.forbidden, language), tables, plan: null };
    }
    if (planned.writes.length === 0) return { answer: planned.text, tables, plan: null };
    const plan = await propose(principal, question, language, planned.writes, directory, turn, at);
    return { answer: `${planned.text}\n${say(texts.planReady, language)}`.trim(), tables, plan };
  }

  /** A read the model asked for: checked like any call, run with the caller's principal; a refusal is data. */
  async function modelRead(principal: Principal, call: Call): Promise<unknown> {
    const c = checked(call);
    if ('error' in c) return { error: c.error.detail };
    if (c.tool.kind !== 'read') return { error: 'Writes are only proposed.' };
    if (!mayRun(principal, c.tool, call.args)) return { error: 'Your role may not do this.' };
    try {
      return await c.tool.run(deps, principal, call.args);
    } catch (error) {
      if (error instanceof DomainError) return { error: error.detail ?? error.code };
      throw error;
    }
  }

  async function run(principal: Principal, plan: repo.PlanRow): Promise<StepOutcome[]> {
    const acting: Principal = { ...principal, assistant: { planId: plan.id, question: plan.question } };
    const language: Language = plan.language ?? principal.language ?? 'en';
    // Only the partners and companies the steps name are put in words, not the whole directory.
    const steps = plan.steps as Call[];
    const names = await repo.namesByIds(
      db,
      steps.flatMap((s) => Object.values(s.args).filter((v): v is string => typeof v === 'string')),
    );
    const outcomes: StepOutcome[] = [];
    for (const step of steps) {
      const c = checked(step);
      let outcome: StepOutcome;
      if ('error' in c) outcome = failed(step.tool, c.error);
      else if (c.tool.kind !== 'write')
        outcome = failed(step.tool, new DomainError('forbidden', 'Only writes are planned.'));
      else if (!mayRun(principal, c.tool, step.args))
        outcome = failed(step.tool, new DomainError('forbidden', 'Your role may not do this.'));
      else {
        try {
          const result = (await c.tool.run(deps, acting, step.args)) ?? null;
          outcome = {
            tool: step.tool,
            ok: true,
            result,
            error: null,
            summary: resultText(language, step.tool, step.args, result, names),
          };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          outcome = failed(step.tool, error);
        }
      }
      outcomes.push(outcome);
      if (!outcome.ok) break;
    }
    return outcomes;
  }

  return {
    async ask(principal: Principal, input: AskInput): Promise<Answer> {
      const at = clock.now();
      const language: Language = input.language ?? principal.language ?? 'en';
      const question = input.question.trim();
      const [turn, directory] = await Promise.all([turnOf(principal, input.conversation_id), repo.directory(db)]);
      const conversationId = turn.conversationId;
      const planner = planByModel ? 'model' : 'rules';
      const planned = planByModel
        ? await planByModel(question, {
            language,
            schemas: contractSchemas(),
            runRead: (call) => modelRead(principal, call),
          })
        : await planByRules(question, {
            now: at,
            directory,
            channelOf: (a, c) => channelOf(principal, a, c),
            failedEmds: (of) => failedEmdsOf(principal, of),
            markupsOf: async (companyId) =>
              (await deps.backOffice.markups.list(principal, companyId, { page: 1, perPage: 100 })).items,
            failedBatches: async (of) =>
              (await deps.backOfficeConnections.failedDeliveries(principal, of, { page: 1, perPage: 20 })).items,
            joinRequests: async (of) =>
              (await deps.backOffice.joinRequests.list(principal, 'pending', { page: 1, perPage: 20 }, of)).items,
          });
      const body = await answerOf(principal, question, language, planned, directory, turn, at);
      // The conversation (if new), its plan and both messages, in one transaction.
      await repo.recordTurn(db, {
        conversation: turn.isNew ? { id: conversationId, account_id: principal.accountId, created_at: at } : undefined,
        plans: turn.plans,
        messages: [
          {
            id: newId('amg'),
            conversation_id: conversationId,
            role: 'user',
            text: question,
            body: null,
            created_at: at,
          },
          {
            id: newId('amg'),
            conversation_id: conversationId,
            role: 'assistant',
            text: body.answer,
            body: { tables: body.tables, plan: body.plan, planner },
            created_at: at,
          },
        ],
      });
      return { conversation_id: conversationId, ...body, planner };
    },

    ...createAssistantHistory({ db, clock }),

    async execute(principal: Principal, input: { plan_id: string; plan_hash: string }): Promise<Execution> {
      const plan = await repo.findPlan(db, input.plan_id);
      if (!plan) throw notFound('plan');
      if (plan.account_id !== principal.accountId)
        throw new DomainError('forbidden', 'This plan was proposed to someone else; ask the assistant yourself.');
      if (plan.hash !== input.plan_hash || planHash(plan.steps as Call[]) !== plan.hash)
        throw new DomainError('assistant_plan_mismatch');
      if (plan.result) return plan.result as Execution;
      const at = clock.now();
      const claimed = await repo.claimPlan(db, plan.id, at);
      if (claimed) {
        let execution: Execution;
        try {
          execution = { plan_id: plan.id, executed_at: at.toISOString(), steps: await run(principal, claimed) };
        } catch (error) {
          // A bug, not a refusal: still answered once, the same way to every repeat.
          execution = {
            plan_id: plan.id,
            executed_at: at.toISOString(),
            steps: [failed('', new DomainError('internal_error', 'The step failed unexpectedly.'))],
          };
          await repo.storePlanResult(db, plan.id, execution);
          throw error;
        }
        return ((await repo.storePlanResult(db, plan.id, execution)) ?? execution) as Execution;
      }
      // Someone else claimed it (or it expired): wait for the first result, briefly.
      for (let waited = 0; waited < 10_000; waited += 25) {
        const now = await repo.findPlan(db, plan.id);
        if (now?.result) return now.result as Execution;
        if (!now?.executed_at) throw new DomainError('assistant_plan_expired');
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new DomainError('assistant_plan_running');
    },
  };
}

function failed(tool: string, error: DomainError): StepOutcome {
  const detail = error.detail ?? error.code;
  return { tool, ok: false, result: null, error: { code: error.code, detail }, summary: detail };
}

function ajvDetail(v: ValidateFunction): string {
  const e = v.errors?.[0];
  return e ? `${e.instancePath || '/'} ${e.message ?? 'is not valid'}` : 'not valid';
}

export type AssistantService = ReturnType<typeof createAssistantService>;
