CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"level" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text,
	"submitted_by" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"approval_level" text,
	"approval_flow" text NOT NULL,
	"product_id" text NOT NULL,
	"product_code" text NOT NULL,
	"product_name_zh" text NOT NULL,
	"product_name_en" text NOT NULL,
	"payment_type" text NOT NULL,
	"period_months" integer,
	"quantity" integer NOT NULL,
	"request" jsonb NOT NULL,
	"resource_id" text,
	"original_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"coupon_id" text,
	"coupon_deduction" bigint DEFAULT 0 NOT NULL,
	"paid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"error_log" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."amount" >= 0 and "orders"."refunded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "resource_terms" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"org_id" text NOT NULL,
	"order_id" text,
	"kind" text NOT NULL,
	"months" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"coupon_deduction" bigint DEFAULT 0 NOT NULL,
	"paid" jsonb NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_terms_refund" CHECK ("resource_terms"."refunded" >= 0 and "resource_terms"."refunded" <= "resource_terms"."amount" - "resource_terms"."coupon_deduction")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text,
	"order_id" text,
	"product_id" text,
	"product_code" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"spec" jsonb NOT NULL,
	"status" text NOT NULL,
	"status_info" text,
	"manage_status" text DEFAULT 'ununited' NOT NULL,
	"docker_status" text DEFAULT 'none' NOT NULL,
	"monitor_status" text DEFAULT 'none' NOT NULL,
	"task_status" text,
	"cloud_env_type" text DEFAULT 'simulator' NOT NULL,
	"provider_ref" text,
	"attached_to" text,
	"payment_type" text,
	"period_months" integer,
	"monthly_price" bigint DEFAULT 0 NOT NULL,
	"discount_hundredths" integer,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"metered_until" timestamp with time zone,
	"arrears_since" timestamp with time zone,
	"frozen_at" timestamp with time zone,
	"status_before_freeze" text,
	"error_log" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_faults" (
	"operation" text PRIMARY KEY NOT NULL,
	"remaining" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"client_token" text NOT NULL,
	"kind" text NOT NULL,
	"spec" jsonb NOT NULL,
	"state" text NOT NULL,
	"target_state" text NOT NULL,
	"settles_at" timestamp with time zone NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sim_instances_client_token_unique" UNIQUE("client_token")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_terms" ADD CONSTRAINT "resource_terms_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_org_created" ON "orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "resource_terms_resource" ON "resource_terms" USING btree ("resource_id","starts_at");--> statement-breakpoint
CREATE INDEX "resources_org_kind" ON "resources" USING btree ("org_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "resources_expiry" ON "resources" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "resources_status" ON "resources" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sim_instances_settles" ON "sim_instances" USING btree ("settles_at");