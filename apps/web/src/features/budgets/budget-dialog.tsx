// Set a monthly budget (for the whole organisation or one project) or change one's amount. The
// amount is yuan above 0 with at most 2 decimals: the contracts' rule, checked here and again on
// the server. Projects are offered to those who may read them (CH04).
import { type BudgetRecord, budgetYuan } from "@skyledger/contracts";
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { useHasCode } from "../../components/require-org";
import { YuanInput } from "../../components/yuan-input";
import { budgetsApi, useBudgetProjects } from "./budgets-api";

/** The select's value for the organisation's budget (a project id is never empty). */
const WHOLE_ORG = "";

type Values = { projectId: string; amount: string };

type Props = { budget: BudgetRecord | null; onClose(): void; onSaved(): void };

export function BudgetDialog({ budget, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const canReadProjects = useHasCode("CH04");
  const projects = useBudgetProjects(canReadProjects && budget === null);

  const submit = async (values: Values) => {
    const amount = values.amount.trim();
    if (budget) await budgetsApi.update(budget.id, amount);
    else await budgetsApi.create({ projectId: values.projectId || null, amount });
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      open
      title={t(budget ? "budgets.editTitle" : "budgets.addTitle")}
      okText={t("common.save")}
      submitTestId="budget-submit"
      refusalTestId="budget-refusal"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{
        projectId: budget?.projectId ?? WHOLE_ORG,
        amount: budget ? budget.amount.replace(/0+$/, "").replace(/\.$/, "") : "",
      }}
      preserve={false}
    >
      <Form.Item name="projectId" label={t("budgets.scope")}>
        <Select
          disabled={budget !== null}
          loading={projects.isFetching}
          options={[
            { value: WHOLE_ORG, label: t("budgets.wholeOrg") },
            ...(budget?.projectId
              ? [{ value: budget.projectId, label: budget.projectName ?? budget.projectId }]
              : (projects.data?.list ?? []).map((p) => ({ value: p.projectId, label: p.name }))),
          ]}
          data-testid="budget-project"
        />
      </Form.Item>
      <Form.Item
        required
        name="amount"
        label={t("budgets.amount")}
        extra={t("budgets.amountHint")}
        rules={[zodRule(budgetYuan, t)]}
      >
        <YuanInput data-testid="budget-amount" />
      </Form.Item>
    </FormDialog>
  );
}
