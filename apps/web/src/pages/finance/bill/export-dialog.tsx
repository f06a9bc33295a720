// Exports at most three billing cycles (spec §5, §9). A longer period is refused here with the
// server's own words before anything is sent.
import { Alert, DatePicker, Form, Modal } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { exportPeriodProblem, exportTooLongText } from "../../../features/finance/export-period";
import { exportBills } from "../../../features/finance/finance-api";
import { currentLanguage } from "../../../i18n";

type Props = { open: boolean; onClose(): void; onStarted(): void };

const cycleOf = (value: Dayjs | null) => (value ? value.format("YYYY-MM") : null);

export function ExportDialog({ open, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const [start, setStart] = useState<Dayjs | null>(() => dayjs().startOf("month"));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs().startOf("month"));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const explain = (startCycle: string | null, endCycle: string | null) => {
    switch (exportPeriodProblem(startCycle, endCycle)) {
      case "missing":
        return t("finance.export.choosePeriod");
      case "order":
        return t("validation.dateOrder");
      case "tooLong":
        return exportTooLongText(currentLanguage());
      default:
        return null;
    }
  };

  const submit = async () => {
    const startCycle = cycleOf(start);
    const endCycle = cycleOf(end);
    const refusal = explain(startCycle, endCycle);
    setProblem(refusal);
    if (refusal || !startCycle || !endCycle) return;
    setSaving(true);
    try {
      await exportBills(startCycle, endCycle);
      onStarted();
    } catch {
      // The client showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const change = (which: "start" | "end", value: Dayjs | null) => {
    if (which === "start") setStart(value);
    else setEnd(value);
    // A shown refusal follows the period as it is edited.
    if (problem)
      setProblem(explain(cycleOf(which === "start" ? value : start), cycleOf(which === "end" ? value : end)));
  };

  return (
    <Modal
      open={open}
      title={t("finance.export.title")}
      okText={t("finance.export.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={() => {
        setProblem(null);
        onClose();
      }}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "bill-export-submit" }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t("finance.export.start")} required>
          <DatePicker
            picker="month"
            value={start}
            onChange={(value) => change("start", value)}
            style={{ width: "100%" }}
            data-testid="bill-export-start"
          />
        </Form.Item>
        <Form.Item label={t("finance.export.end")} required extra={t("finance.export.hint")}>
          <DatePicker
            picker="month"
            value={end}
            onChange={(value) => change("end", value)}
            style={{ width: "100%" }}
            data-testid="bill-export-end"
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} data-testid="bill-export-error" />}
    </Modal>
  );
}
