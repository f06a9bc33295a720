ALTER TABLE "outbox_messages" ADD COLUMN "sms_template" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sms_params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "gateway_answer" text;