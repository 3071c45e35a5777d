CREATE TABLE "reporting_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"fiscal_year" text NOT NULL,
	"term" text NOT NULL,
	"opens_on" date NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reporting_periods_fiscal_year_format" CHECK ("reporting_periods"."fiscal_year" ~ '^[0-9]{4}/[0-9]{2}$'),
	CONSTRAINT "reporting_periods_term" CHECK ("reporting_periods"."term" IN ('Summer', 'Fall', 'Spring')),
	CONSTRAINT "reporting_periods_due_after_open" CHECK ("reporting_periods"."due_on" >= "reporting_periods"."opens_on")
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_events_action" CHECK ("return_events"."action" IN ('submit', 'send-back', 'approve', 'reopen', 'fill-zeros'))
);
--> statement-breakpoint
CREATE TABLE "term_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"first_approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_returns_state" CHECK ("term_returns"."state" IN ('open', 'submitted', 'approved', 'reopened'))
);
--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_term_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."term_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_returns" ADD CONSTRAINT "term_returns_period_id_reporting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."reporting_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_returns" ADD CONSTRAINT "term_returns_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reporting_periods_year_term_key" ON "reporting_periods" USING btree ("fiscal_year","term");--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "term_returns_institution_period_key" ON "term_returns" USING btree ("institution_id","period_id");--> statement-breakpoint
CREATE INDEX "term_returns_period_idx" ON "term_returns" USING btree ("period_id");