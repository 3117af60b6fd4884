ALTER TABLE "script_test_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "script_test_runs" ADD COLUMN "owner" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_instances" ADD COLUMN "queued_at" timestamp with time zone;