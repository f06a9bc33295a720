// An operator's decision on an order: approve or activate (a remark is optional); refuse (拒绝,
// `reject`: final, refunded in full), return (驳回: to the tenant at level 1, to level 1 at level 2,
// the money held) or close, each with a reason of 2 to 256 characters, which the tenant reads.
// Activating and closing act on an approved order waiting for manual activation.
import {
  approvalDecisionBody,
  type OrderDetail,
  type OrderRecord,
  orderActivateBody,
  orderCloseBody,
} from "@skyledger/contracts";
import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { servicesApi } from "../../../features/services/services-api";
import { deliveryOf, type ThirdPartyDelivery, ThirdPartyFields } from "./third-party-fields";

export type OrderDecision = "approve" | "reject" | "return" | "activate" | "close";

type Values = { reason?: string } & ThirdPartyDelivery;

type Props = {
  order: Pick<OrderRecord, "id" | "orderNo" | "approvalFlow" | "approvalLevel"> & {
    /** A `thirdParty` order is activated with the partner's instance reference. */
    type?: OrderRecord["type"];
  };
  decision: OrderDecision;
  onClose(): void;
  onDone(order: OrderDetail): void;
};

/** The decisions that refuse the tenant something or send the order back, and so need a reason. */
const NEEDS_REASON = new Set<OrderDecision>(["reject", "return", "close"]);
/** The final ones, shown as dangerous. */
const FINAL = new Set<OrderDecision>(["reject", "close"]);

/** What the decision will do, said before it is sent (null: nothing beyond the title). */
function noticeOf(
  decision: OrderDecision,
  order: Pick<OrderRecord, "approvalFlow" | "approvalLevel">,
): { key: string; type: "info" | "warning" } | null {
  switch (decision) {
    case "close":
      return { key: "closeWarning", type: "warning" };
    case "reject":
      return { key: "rejectWarning", type: "warning" };
    case "activate":
      return { key: "activateHint", type: "info" };
    case "return": {
      const secondLevel = order.approvalFlow === "twoLevels" && order.approvalLevel === "lev1_passed";
      return { key: secondLevel ? "returnToLevelOneHint" : "returnToTenantHint", type: "info" };
    }
    default:
      return null;
  }
}

function send(
  id: string,
  decision: OrderDecision,
  reason: string | undefined,
  delivery: ThirdPartyDelivery = {},
): Promise<OrderDetail> {
  const remark = reason ? { reason } : {};
  switch (decision) {
    case "approve":
    case "reject":
    case "return":
      return servicesApi.decide(id, { decision, ...remark });
    case "activate":
      return servicesApi.activate(id, { ...remark, ...delivery });
    case "close":
      return servicesApi.close(id, { reason: reason ?? "" });
  }
}

function isValid(decision: OrderDecision, reason: string | undefined): boolean {
  switch (decision) {
    case "activate":
      return orderActivateBody.safeParse({ reason }).success;
    case "close":
      return orderCloseBody.safeParse({ reason: reason ?? "" }).success;
    default:
      return approvalDecisionBody.safeParse({ decision, reason }).success;
  }
}

export function DecisionDialog({ order, decision, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const needsReason = NEEDS_REASON.has(decision);
  const delivering = decision === "activate" && order.type === "thirdParty";
  const notice = delivering
    ? { key: "activateThirdPartyHint", type: "info" as const }
    : noticeOf(decision, order);

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t(`services.approvals.${decision}Title`, { orderNo: order.orderNo })}
      okText={t(`services.approvals.${decision}`)}
      danger={FINAL.has(decision)}
      submitTestId="approval-decide-submit"
      refusalTestId="approval-decide-error"
      onSubmit={async (values) => {
        const reason = values.reason?.trim() || undefined;
        onDone(await send(order.id, decision, reason, delivering ? deliveryOf(values) : {}));
      }}
      onCancel={onClose}
    >
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`services.approvals.${notice.key}`)}
          data-testid={`approval-${notice.key}`}
        />
      )}
      {delivering && <ThirdPartyFields />}
      <Form.Item
        name="reason"
        label={t(needsReason ? `services.approvals.${decision}Reason` : "services.approvals.remark")}
        required={needsReason}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (!isValid(decision, value?.trim() || undefined))
                throw new Error(
                  t(needsReason ? `services.approvals.${decision}ReasonRule` : "validation.maxLength", {
                    max: 256,
                  }),
                );
            },
          },
        ]}
      >
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 3 }} data-testid="approval-reason" />
      </Form.Item>
    </FormDialog>
  );
}
