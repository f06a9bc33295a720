// The edit and delete links of a budget's row (delete asks first).
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";

type Props = { testId: string; onEdit(): void; onDelete(): Promise<unknown> };

export function BudgetRowActions({ testId, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit`}>
        {t("budgets.edit")}
      </Button>
      <Popconfirm
        title={t("budgets.deleteConfirm")}
        okText={t("budgets.delete")}
        cancelText={t("common.cancel")}
        onConfirm={() => onDelete().catch(() => {})}
      >
        <Button type="link" size="small" danger data-testid={`${testId}-delete`}>
          {t("budgets.delete")}
        </Button>
      </Popconfirm>
    </Space>
  );
}
