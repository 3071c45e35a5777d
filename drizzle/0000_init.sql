CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"name" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"name_code" text NOT NULL,
	"institution_type" text NOT NULL,
	"region" text NOT NULL,
	"active_ind" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"discipline" text NOT NULL,
	"credential" text NOT NULL,
	"wil_type" text NOT NULL,
	"coop_model" text,
	"participation" text NOT NULL,
	"accredited" boolean DEFAULT false NOT NULL,
	"cip_code" text,
	"active_ind" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_cip_code_format" CHECK ("programs"."cip_code" IS NULL OR "programs"."cip_code" ~ '^[0-9]{2}\.[0-9]{4}$'),
	CONSTRAINT "programs_coop_model_only_coop" CHECK ("programs"."coop_model" IS NULL OR "programs"."wil_type" = 'Co-operative Education')
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"fiscal_year" text NOT NULL,
	"term" text NOT NULL,
	"students_enrolled" integer,
	"students_seeking" integer,
	"students_placed" integer,
	"wt_4_month" integer,
	"wt_8_month" integer,
	"wt_12_month_plus" integer,
	"wt_vancouver_island_coast" integer,
	"wt_mainland_southwest" integer,
	"wt_thompson_okanagan" integer,
	"wt_kootenay" integer,
	"wt_cariboo" integer,
	"wt_north_coast" integer,
	"wt_nechako" integer,
	"wt_northeast" integer,
	"wt_other_canada" integer,
	"wt_international" integer,
	"wt_private" integer,
	"wt_public" integer,
	"wt_nonprofit" integer,
	"employers_total" integer,
	"employers_new" integer,
	"intl_students" integer,
	"indigenous_students" integer,
	"students_with_disability" integer,
	"avg_hourly_wage" numeric(10, 2),
	"coop_fee_domestic" numeric(10, 2),
	"coop_fee_international" numeric(10, 2),
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "records_fiscal_year_format" CHECK ("records"."fiscal_year" ~ '^[0-9]{4}/[0-9]{2}$'),
	CONSTRAINT "records_term" CHECK ("records"."term" IN ('Summer', 'Fall', 'Spring')),
	CONSTRAINT "records_status" CHECK ("records"."status" IN ('draft', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"affiliations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_banner" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "site_banner_single_row" CHECK ("site_banner"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_privileges" (
	"user_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "user_privileges_user_id_institution_id_level_pk" PRIMARY KEY("user_id","institution_id","level"),
	CONSTRAINT "user_privileges_level" CHECK ("user_privileges"."level" IN ('read', 'write', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"pref_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"home_institution_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"glbl_admin" boolean DEFAULT false NOT NULL,
	"glbl_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_discipline_disciplines_name_fk" FOREIGN KEY ("discipline") REFERENCES "public"."disciplines"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_banner" ADD CONSTRAINT "site_banner_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privileges" ADD CONSTRAINT "user_privileges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privileges" ADD CONSTRAINT "user_privileges_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_institution_id_institutions_id_fk" FOREIGN KEY ("home_institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_short_name_key" ON "institutions" USING btree (lower("short_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_code_key" ON "institutions" USING btree (lower("name_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "programs_institution_name_key" ON "programs" USING btree ("institution_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "records_program_year_term_key" ON "records" USING btree ("program_id","fiscal_year","term");--> statement-breakpoint
CREATE INDEX "records_institution_year_term_idx" ON "records" USING btree ("institution_id","fiscal_year","term");--> statement-breakpoint
CREATE INDEX "records_year_term_idx" ON "records" USING btree ("fiscal_year","term");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_privileges_institution_idx" ON "user_privileges" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));