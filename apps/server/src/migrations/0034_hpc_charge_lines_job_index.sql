DROP INDEX "hpc_charge_lines_pool";--> statement-breakpoint
CREATE INDEX "hpc_charge_lines_pool_job" ON "hpc_charge_lines" USING btree ("pool_id","job_id");