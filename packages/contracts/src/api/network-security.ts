// Security groups (spec §2 `security_group`, `security_group/rule/{id}`, `security_group/instance/{id}`,
// CB09): a tenant's groups, their inbound and outbound rules, and the hosts bound to each. The rule
// checks of spec §5 live here once, for the form (said before sending) and the server (refused).
import { z } from "zod";
import { parseCidr } from "../ipv4";
import { v } from "../validation";
import { pageQuery } from "./common";

export const SECURITY_RULE_DIRECTIONS = ["inbound", "outbound"] as const;
export type SecurityRuleDirection = (typeof SECURITY_RULE_DIRECTIONS)[number];

/** `any` is every protocol; ICMP and any have no ports. */
export const SECURITY_RULE_PROTOCOLS = ["tcp", "udp", "icmp", "any"] as const;
export type SecurityRuleProtocol = (typeof SECURITY_RULE_PROTOCOLS)[number];

/** Spec §5: a security rule's priority is 1 to 100, 1 the highest. */
export const SECURITY_RULE_PRIORITY = { min: 1, max: 100, highest: 1 } as const;
export const PORT_RANGE = { min: 1, max: 65535 } as const;

export const protocolHasPorts = (protocol: SecurityRuleProtocol) => protocol === "tcp" || protocol === "udp";

export type SecurityRuleFields = {
  protocol: SecurityRuleProtocol;
  portStart: number | null;
  portEnd: number | null;
  remoteType: "cidr" | "group";
  remoteCidr: string | null;
  remoteGroupId: string | null;
};

export type RuleIssue = { path: keyof SecurityRuleFields; message: string };

const isPort = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= PORT_RANGE.min && n <= PORT_RANGE.max;

/**
 * What is wrong with a rule's ports and authorised object, field by field (spec §5: "the end port
 * must not be empty or smaller than the start port"). The form runs it on each field; the server's
 * schema runs it on the body.
 */
export function securityRuleIssues(rule: SecurityRuleFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (protocolHasPorts(rule.protocol)) {
    if (rule.portStart === null) issues.push({ path: "portStart", message: "validation.portStartRequired" });
    else if (!isPort(rule.portStart)) issues.push({ path: "portStart", message: "validation.portNumber" });
    if (rule.portEnd === null || (isPort(rule.portStart) && rule.portEnd < rule.portStart)) {
      issues.push({ path: "portEnd", message: "validation.portRange" });
    } else if (!isPort(rule.portEnd)) issues.push({ path: "portEnd", message: "validation.portNumber" });
  } else if (rule.portStart !== null || rule.portEnd !== null) {
    issues.push({ path: "portStart", message: "validation.portsNotAllowed" });
  }
  if (rule.remoteType === "cidr") {
    if (!rule.remoteCidr || !parseCidr(rule.remoteCidr))
      issues.push({ path: "remoteCidr", message: "validation.ruleCidr" });
    if (rule.remoteGroupId !== null) issues.push({ path: "remoteGroupId", message: "validation.invalid" });
  } else {
    if (!rule.remoteGroupId) issues.push({ path: "remoteGroupId", message: "validation.required" });
    if (rule.remoteCidr !== null) issues.push({ path: "remoteCidr", message: "validation.invalid" });
  }
  return issues;
}

export const securityRulePriority = z
  .number("validation.rulePriority")
  .int("validation.rulePriority")
  .min(SECURITY_RULE_PRIORITY.min, "validation.rulePriority")
  .max(SECURITY_RULE_PRIORITY.max, "validation.rulePriority");

const port = z.number().int("validation.portNumber").nullable().default(null);

export const securityRuleBody = z
  .object({
    direction: z.enum(SECURITY_RULE_DIRECTIONS),
    protocol: z.enum(SECURITY_RULE_PROTOCOLS),
    portStart: port,
    portEnd: port,
    priority: securityRulePriority,
    remoteType: z.enum(["cidr", "group"]),
    remoteCidr: z.string().trim().max(18).nullable().default(null),
    remoteGroupId: z.string().max(64).nullable().default(null),
  })
  .superRefine((rule, ctx) => {
    for (const issue of securityRuleIssues(rule))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
export type SecurityRuleBody = z.input<typeof securityRuleBody>;

/** A group, rule or binding while the cloud is asked, and after. */
export const NETWORK_OBJECT_STATUSES = ["creating", "active", "deleting"] as const;
export type NetworkObjectStatus = (typeof NETWORK_OBJECT_STATUSES)[number];

export const securityGroupCreateBody = z.object({
  name: v.resourceName,
  description: v.description.default(""),
});
export type SecurityGroupCreateBody = z.input<typeof securityGroupCreateBody>;

export const securityGroupQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
export const securityGroupParams = z.object({ id: z.string().min(1).max(64) });
export const securityRuleParams = securityGroupParams.extend({ ruleId: z.string().min(1).max(64) });
export const securityGroupHostParams = securityGroupParams.extend({ hostId: z.string().min(1).max(64) });
export const securityGroupBindBody = z.object({ hostId: z.string().min(1).max(64) });

export const securityGroupRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The organisation's default group: made when first needed, never deleted. */
  isDefault: z.boolean(),
  /** `creating` or `deleting` while the cloud is being asked; `active` otherwise. */
  status: z.enum(NETWORK_OBJECT_STATUSES),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  ruleCount: z.number().int(),
  hostCount: z.number().int(),
  createdAt: z.string(),
});
export type SecurityGroupRecord = z.infer<typeof securityGroupRecord>;

export const securityRuleRecord = z.object({
  id: z.string(),
  direction: z.enum(SECURITY_RULE_DIRECTIONS),
  protocol: z.enum(SECURITY_RULE_PROTOCOLS),
  portStart: z.number().int().nullable(),
  portEnd: z.number().int().nullable(),
  priority: z.number().int(),
  remoteCidr: z.string().nullable(),
  remoteGroupId: z.string().nullable(),
  remoteGroupName: z.string().nullable(),
  status: z.enum(NETWORK_OBJECT_STATUSES),
  createdAt: z.string(),
});
export type SecurityRuleRecord = z.infer<typeof securityRuleRecord>;

/** A group with its rules, highest priority first (the order the cloud console reads them in). */
export const securityGroupDetail = securityGroupRecord.extend({ rules: z.array(securityRuleRecord) });
export type SecurityGroupDetail = z.infer<typeof securityGroupDetail>;

export const securityGroupHost = z.object({
  hostId: z.string(),
  name: z.string(),
  status: z.string(),
  ipAddress: z.string().nullable(),
  /** Null for a host that may be bound (the bindable list). */
  boundAt: z.string().nullable(),
  /** The binding's state (null for a bindable host). */
  bindingStatus: z.enum(NETWORK_OBJECT_STATUSES).nullable(),
});
export type SecurityGroupHost = z.infer<typeof securityGroupHost>;
