// How a rule reads in an audit row: one line a person understands without the rule's page
// ("inbound tcp 22-22 from 0.0.0.0/0, priority 1").
import type { SecurityRuleDirection, SecurityRuleProtocol } from "@skyledger/contracts";

type RuleText = {
  direction: SecurityRuleDirection;
  protocol: SecurityRuleProtocol;
  portStart: number | null;
  portEnd: number | null;
  priority: number;
  remoteCidr: string | null;
  remoteGroupId: string | null;
};

export function ruleSummary(rule: RuleText, remoteGroupName: string | null): string {
  const ports = rule.portStart === null ? "" : ` ${rule.portStart}-${rule.portEnd}`;
  const peer = rule.remoteCidr ?? `group ${remoteGroupName ?? rule.remoteGroupId}`;
  const way = rule.direction === "inbound" ? "from" : "to";
  return `${rule.direction} ${rule.protocol}${ports} ${way} ${peer}, priority ${rule.priority}`;
}
