CREATE TABLE "data_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "data_changes_kind" CHECK ("data_changes"."kind" IN ('records', 'returns'))
);
--> statement-breakpoint
CREATE TABLE "data_periods" (
	"fiscal_year" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "data_periods_fiscal_year_term_pk" PRIMARY KEY("fiscal_year","term")
);
--> statement-breakpoint
CREATE INDEX "data_changes_period_idx" ON "data_changes" USING btree ("kind","fiscal_year","term","seq");--> statement-breakpoint
-- Disclosure control caches its per-period verdicts (decision 022) and must learn of every change they rest on, whoever
-- makes it: the app, an import, a restore, SQL typed by hand. Statement-level triggers with transition tables add one
-- row per period a statement touched; rows are only added, so two writers never wait on each other.
CREATE FUNCTION note_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('records', '*', '*');
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO data_changes (kind, fiscal_year, term) SELECT DISTINCT 'records', fiscal_year, term FROM old_rows;
  ELSE
    INSERT INTO data_periods (fiscal_year, term) SELECT DISTINCT fiscal_year, term FROM new_rows ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO data_changes (kind, fiscal_year, term) SELECT DISTINCT 'records', fiscal_year, term FROM new_rows;
    ELSE
      -- A record moved to another period changes both.
      INSERT INTO data_changes (kind, fiscal_year, term)
        SELECT 'records', fiscal_year, term FROM new_rows UNION SELECT 'records', fiscal_year, term FROM old_rows;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER records_changes_insert AFTER INSERT ON records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_record_changes();
--> statement-breakpoint
CREATE TRIGGER records_changes_update AFTER UPDATE ON records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_record_changes();
--> statement-breakpoint
CREATE TRIGGER records_changes_delete AFTER DELETE ON records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_record_changes();
--> statement-breakpoint
CREATE TRIGGER records_changes_truncate AFTER TRUNCATE ON records
  FOR EACH STATEMENT EXECUTE FUNCTION note_record_changes();
--> statement-breakpoint
-- A program's discipline, credential and WIL type place its records in cells: changing one moves records of any
-- period. Other edits (its name, say) change nothing the verdicts rest on.
CREATE FUNCTION note_program_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.discipline, o.credential, o.wil_type) IS DISTINCT FROM (n.discipline, n.credential, n.wil_type)
  ) THEN
    INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('records', '*', '*');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER programs_changes_update AFTER UPDATE ON programs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_program_changes();
--> statement-breakpoint
CREATE TRIGGER programs_changes_delete AFTER DELETE OR TRUNCATE ON programs
  FOR EACH STATEMENT EXECUTE FUNCTION note_program_changes();
--> statement-breakpoint
-- Returns decide which records "approved figures only" counts.
CREATE FUNCTION note_return_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'reporting_periods' THEN
    INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('returns', '*', '*');
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO data_changes (kind, fiscal_year, term)
      SELECT DISTINCT 'returns', rp.fiscal_year, rp.term FROM old_rows x JOIN reporting_periods rp ON rp.id = x.period_id;
  ELSE
    INSERT INTO data_changes (kind, fiscal_year, term)
      SELECT DISTINCT 'returns', rp.fiscal_year, rp.term FROM new_rows x JOIN reporting_periods rp ON rp.id = x.period_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER term_returns_changes_insert AFTER INSERT ON term_returns REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_return_changes();
--> statement-breakpoint
CREATE TRIGGER term_returns_changes_update AFTER UPDATE ON term_returns REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_return_changes();
--> statement-breakpoint
CREATE TRIGGER term_returns_changes_delete AFTER DELETE ON term_returns REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION note_return_changes();
--> statement-breakpoint
CREATE TRIGGER term_returns_changes_truncate AFTER TRUNCATE ON term_returns
  FOR EACH STATEMENT EXECUTE FUNCTION note_return_changes();
--> statement-breakpoint
-- A period's year or term decides which records its returns cover.
CREATE TRIGGER reporting_periods_changes AFTER UPDATE OF fiscal_year, term OR DELETE OR TRUNCATE ON reporting_periods
  FOR EACH STATEMENT EXECUTE FUNCTION note_return_changes();
--> statement-breakpoint
INSERT INTO data_periods (fiscal_year, term) SELECT DISTINCT fiscal_year, term FROM records;
--> statement-breakpoint
INSERT INTO data_changes (kind, fiscal_year, term) SELECT 'records', fiscal_year, term FROM data_periods;
