// A delete button that asks first: every network object is deleted through one of these, the
// question naming what goes (and what must be gone before).
import { Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";

type Props = {
  question: string;
  label: string;
  /** The button's data-testid; the confirmation's is the same with `-confirm`. */
  testId: string;
  onConfirm(): Promise<void>;
  /** A small link in a table row instead of a button. */
  inRow?: boolean;
};

export function ConfirmDelete({ question, label, testId, onConfirm, inRow }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={question}
      okText={label}
      okButtonProps={{ danger: true, ...{ "data-testid": `${testId}-confirm` } }}
      cancelText={t("common.cancel")}
      onConfirm={() => onConfirm().catch(() => {})}
    >
      <Button type={inRow ? "link" : "default"} size={inRow ? "small" : "middle"} danger data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
