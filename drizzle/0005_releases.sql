CREATE TABLE "release_periods" (
	"release_id" integer NOT NULL,
	"fiscal_year" text NOT NULL,
	"term" text NOT NULL,
	"final" boolean NOT NULL,
	"records" integer NOT NULL,
	"institutions" integer NOT NULL,
	CONSTRAINT "release_periods_release_id_fiscal_year_term_pk" PRIMARY KEY("release_id","fiscal_year","term")
);
--> statement-breakpoint
CREATE TABLE "release_programs" (
	"release_id" integer NOT NULL,
	"id" integer NOT NULL,
	"discipline" text NOT NULL,
	"credential" text NOT NULL,
	"wil_type" text NOT NULL,
	CONSTRAINT "release_programs_release_id_id_pk" PRIMARY KEY("release_id","id")
);
--> statement-breakpoint
CREATE TABLE "release_records" (
	"release_id" integer NOT NULL,
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
	"coop_fee_international" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "release_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"provisional_days_after_due" integer,
	"final_when_approved" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "release_schedule_single_row" CHECK ("release_schedule"."id" = 1),
	CONSTRAINT "release_schedule_days" CHECK ("release_schedule"."provisional_days_after_due" IS NULL OR "release_schedule"."provisional_days_after_due" BETWEEN 0 AND 365)
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" integer PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"note" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_periods" ADD CONSTRAINT "release_periods_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_programs" ADD CONSTRAINT "release_programs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_records" ADD CONSTRAINT "release_records_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_schedule" ADD CONSTRAINT "release_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_periods_period_idx" ON "release_periods" USING btree ("fiscal_year","term","release_id");--> statement-breakpoint
CREATE INDEX "release_records_period_idx" ON "release_records" USING btree ("release_id","fiscal_year","term");