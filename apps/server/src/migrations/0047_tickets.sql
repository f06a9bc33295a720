CREATE TABLE "ticket_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"side" text NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"attachment_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_messages_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_no" text NOT NULL,
	"org_id" text NOT NULL,
	"opener_id" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"resource_id" text,
	"order_id" text,
	"status" text NOT NULL,
	"assignee_id" text,
	"tenant_unread" integer DEFAULT 0 NOT NULL,
	"engineer_unread" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"rating_comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_ticket_no_unique" UNIQUE("ticket_no"),
	CONSTRAINT "tickets_rating_range" CHECK ("tickets"."rating" IS NULL OR "tickets"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_opener_id_users_id_fk" FOREIGN KEY ("opener_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket" ON "ticket_messages" USING btree ("ticket_id","seq");--> statement-breakpoint
CREATE INDEX "tickets_org_created" ON "tickets" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_created" ON "tickets" USING btree ("status","created_at");