ALTER TABLE "sessions" ADD COLUMN "support_operator_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_support_operator_id_users_id_fk" FOREIGN KEY ("support_operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_support_operator" ON "sessions" USING btree ("support_operator_id");