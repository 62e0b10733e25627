// The admin assistant: conversations, their messages, and the plans it proposes. A plan is run at
// most once: `executed_at` is claimed by one UPDATE and the first result is kept for every repeat.
// The audit log learns which entries were written through a plan, and for which question.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE assistant_conversations (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES accounts(id),
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX assistant_conversations_account ON assistant_conversations (account_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE TABLE assistant_messages (
    id text PRIMARY KEY,
    conversation_id text NOT NULL REFERENCES assistant_conversations(id),
    role text NOT NULL CHECK (role IN ('user', 'assistant')),
    text text NOT NULL,
    body jsonb,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX assistant_messages_conversation ON assistant_messages (conversation_id, created_at)`.execute(
    db,
  );
  await sql`CREATE TABLE assistant_plans (
    id text PRIMARY KEY,
    conversation_id text NOT NULL REFERENCES assistant_conversations(id),
    account_id text NOT NULL REFERENCES accounts(id),
    question text NOT NULL,
    hash text NOT NULL,
    steps jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    executed_at timestamptz,
    result jsonb
  )`.execute(db);
  await sql`ALTER TABLE audit_log ADD COLUMN assistant_plan_id text, ADD COLUMN assistant_question text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP COLUMN assistant_plan_id, DROP COLUMN assistant_question`.execute(db);
  await sql`DROP TABLE assistant_plans`.execute(db);
  await sql`DROP TABLE assistant_messages`.execute(db);
  await sql`DROP TABLE assistant_conversations`.execute(db);
}
