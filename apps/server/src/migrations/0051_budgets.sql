CREATE TABLE "budget_notices_sent" (
	"org_id" text NOT NULL,
	"scope" text NOT NULL,
	"month" text NOT NULL,
	"threshold" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "budget_notices_sent_org_id_scope_month_threshold_pk" PRIMARY KEY("org_id","scope","month","threshold")
);
--> statement-breakpoint
CREATE TABLE "budget_settings" (
	"org_id" text PRIMARY KEY NOT NULL,
	"forecast_days" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "budgets_amount_positive" CHECK ("budgets"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "budget_notices_sent" ADD CONSTRAINT "budget_notices_sent_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_settings" ADD CONSTRAINT "budget_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_org_scope" ON "budgets" USING btree ("org_id",coalesce("project_id", ''));
