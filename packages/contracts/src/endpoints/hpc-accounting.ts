// Endpoints of HPC accounting (what each property means: define.ts).

import { z } from "zod";
import { page, pageQuery } from "../api/common";
import { hpcBillJob } from "../api/hpc-accounting";
import { defineEndpoint } from "./define";

export const hpcAccountingEndpoints = {
  billJobs: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/bills/listBillDetails/:billNo/jobs",
    summary: "The HPC jobs one bill charged, one line per job",
    tags: ["cost centre"],
    permissions: ["CC03"],
    tenantOnly: true,
    params: z.object({ billNo: z.string().min(1).max(64) }),
    query: pageQuery,
    response: page(hpcBillJob),
  }),
};
