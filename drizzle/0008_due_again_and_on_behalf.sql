ALTER TABLE "return_events" ADD COLUMN "on_behalf_reason" text;--> statement-breakpoint
ALTER TABLE "return_events" ADD COLUMN "due_again_on" date;--> statement-breakpoint
ALTER TABLE "term_returns" ADD COLUMN "due_again_on" date;