CREATE TABLE "alarm_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"host_id" text,
	"metric" text NOT NULL,
	"comparison" text NOT NULL,
	"threshold" double precision NOT NULL,
	"duration_minutes" integer NOT NULL,
	"severity" text NOT NULL,
	"notify_email" boolean NOT NULL,
	"enabled" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"rule_id" text,
	"rule_name" text NOT NULL,
	"metric" text NOT NULL,
	"comparison" text NOT NULL,
	"threshold" double precision NOT NULL,
	"duration_minutes" integer NOT NULL,
	"severity" text NOT NULL,
	"host_id" text NOT NULL,
	"host_name" text NOT NULL,
	"state" text NOT NULL,
	"value" double precision NOT NULL,
	"source" text NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "security_group_hosts" (
	"group_id" text NOT NULL,
	"host_id" text NOT NULL,
	"org_id" text NOT NULL,
	"status" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_group_hosts_group_id_host_id_pk" PRIMARY KEY("group_id","host_id")
);
--> statement-breakpoint
CREATE TABLE "security_group_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"org_id" text NOT NULL,
	"direction" text NOT NULL,
	"protocol" text NOT NULL,
	"port_start" integer,
	"port_end" integer,
	"priority" integer NOT NULL,
	"remote_cidr" text,
	"remote_group_id" text,
	"status" text NOT NULL,
	"cloud_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"cloud_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_router_interfaces" (
	"router_id" text NOT NULL,
	"subnet_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "network_router_interfaces_router_id_subnet_id_pk" PRIMARY KEY("router_id","subnet_id")
);
--> statement-breakpoint
CREATE TABLE "network_routers" (
	"id" text PRIMARY KEY NOT NULL,
	"vpc_id" text NOT NULL,
	"name" text NOT NULL,
	"external_gateway" boolean NOT NULL,
	"status" text NOT NULL,
	"cloud_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_routes" (
	"id" text PRIMARY KEY NOT NULL,
	"router_id" text NOT NULL,
	"destination" text NOT NULL,
	"nexthop" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_subnets" (
	"id" text PRIMARY KEY NOT NULL,
	"vpc_id" text NOT NULL,
	"name" text NOT NULL,
	"cidr" text NOT NULL,
	"gateway_ip" text,
	"dhcp" boolean NOT NULL,
	"dns_servers" jsonb NOT NULL,
	"status" text NOT NULL,
	"cloud_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_vpcs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cidr" text NOT NULL,
	"shared" boolean NOT NULL,
	"status" text NOT NULL,
	"cloud_project" text,
	"cloud_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webssh_host_keys" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" text
);
--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_host_id_resources_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_host_id_resources_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_hosts" ADD CONSTRAINT "security_group_hosts_group_id_security_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."security_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_hosts" ADD CONSTRAINT "security_group_hosts_host_id_resources_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_rules" ADD CONSTRAINT "security_group_rules_group_id_security_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."security_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_rules" ADD CONSTRAINT "security_group_rules_remote_group_id_security_groups_id_fk" FOREIGN KEY ("remote_group_id") REFERENCES "public"."security_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_groups" ADD CONSTRAINT "security_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_groups" ADD CONSTRAINT "security_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_router_interfaces" ADD CONSTRAINT "network_router_interfaces_router_id_network_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."network_routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_router_interfaces" ADD CONSTRAINT "network_router_interfaces_subnet_id_network_subnets_id_fk" FOREIGN KEY ("subnet_id") REFERENCES "public"."network_subnets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_routers" ADD CONSTRAINT "network_routers_vpc_id_network_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."network_vpcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_routes" ADD CONSTRAINT "network_routes_router_id_network_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."network_routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_subnets" ADD CONSTRAINT "network_subnets_vpc_id_network_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."network_vpcs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_vpcs" ADD CONSTRAINT "network_vpcs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_vpcs" ADD CONSTRAINT "network_vpcs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webssh_host_keys" ADD CONSTRAINT "webssh_host_keys_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webssh_host_keys" ADD CONSTRAINT "webssh_host_keys_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_rules_org_name" ON "alarm_rules" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "alarm_rules_host" ON "alarm_rules" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active" ON "alarms" USING btree ("rule_id","host_id") WHERE "alarms"."state" in ('firing', 'acknowledged');--> statement-breakpoint
CREATE INDEX "alarms_org_fired" ON "alarms" USING btree ("org_id","fired_at");--> statement-breakpoint
CREATE INDEX "alarms_host" ON "alarms" USING btree ("host_id","fired_at");--> statement-breakpoint
CREATE INDEX "security_group_hosts_host" ON "security_group_hosts" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "security_group_rules_group" ON "security_group_rules" USING btree ("group_id","priority");--> statement-breakpoint
CREATE INDEX "security_group_rules_remote" ON "security_group_rules" USING btree ("remote_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_groups_org_name" ON "security_groups" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "security_groups_org_default" ON "security_groups" USING btree ("org_id") WHERE "security_groups"."is_default";--> statement-breakpoint
CREATE INDEX "security_groups_org_created" ON "security_groups" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "network_router_interfaces_subnet" ON "network_router_interfaces" USING btree ("subnet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_routers_vpc_name" ON "network_routers" USING btree ("vpc_id",lower("name"));--> statement-breakpoint
CREATE INDEX "network_routers_vpc" ON "network_routers" USING btree ("vpc_id","created_at");--> statement-breakpoint
CREATE INDEX "network_routes_router" ON "network_routes" USING btree ("router_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_subnets_vpc_name" ON "network_subnets" USING btree ("vpc_id",lower("name"));--> statement-breakpoint
CREATE INDEX "network_subnets_vpc" ON "network_subnets" USING btree ("vpc_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_vpcs_org_name" ON "network_vpcs" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "network_vpcs_org_created" ON "network_vpcs" USING btree ("org_id","created_at");