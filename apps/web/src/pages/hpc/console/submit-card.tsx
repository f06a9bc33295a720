// Submitting a batch job: a template (hello, CPU MPI-style, GPU) fills the form, which the user
// edits — name, partition (the pool's), CPUs, GPUs, time limit and the script. The server checks
// the pool's limits, the quota and the script and answers each refusal in the user's language.
import type { HpcConsolePool, JobSubmitBody } from "@skyledger/contracts";
import { App, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { consoleApi, useRefreshJobs } from "../../../features/hpc/console-api";
import {
  JOB_TEMPLATES,
  type JobTemplate,
  TEMPLATE_FIGURES,
  templateScript,
} from "../../../features/hpc/job-templates";

export function SubmitCard({ view }: { view: HpcConsolePool }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<JobSubmitBody>();
  const refresh = useRefreshJobs();
  const [submitting, setSubmitting] = useState(false);
  const { pool } = view;
  const gpuPool = view.maxGpus > 0;
  const initial: JobTemplate = gpuPool ? "gpu" : "hello";
  const [template, setTemplate] = useState<JobTemplate>(initial);

  const valuesOf = (tpl: JobTemplate): JobSubmitBody => {
    const f = {
      ...TEMPLATE_FIGURES[tpl],
      cpus: Math.min(TEMPLATE_FIGURES[tpl].cpus, Math.max(1, view.maxCpus)),
      gpus: Math.min(TEMPLATE_FIGURES[tpl].gpus, view.maxGpus),
    };
    return {
      ...f,
      partition: pool.partition,
      script: templateScript(tpl, f, pool.simulated, pool.partition),
    };
  };

  const pick = (tpl: JobTemplate) => {
    setTemplate(tpl);
    form.setFieldsValue(valuesOf(tpl));
  };

  const submit = async (values: JobSubmitBody) => {
    setSubmitting(true);
    try {
      const { jobId } = await consoleApi.submit(pool.id, values);
      void message.success(t("hpcConsole.submitted", { jobId }));
      await refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t("hpcConsole.submitTitle")} data-testid="hpc-console-submit">
      <Typography.Paragraph type="secondary">{t("hpcConsole.submitIntro")}</Typography.Paragraph>
      <Form<JobSubmitBody>
        form={form}
        layout="vertical"
        initialValues={valuesOf(initial)}
        onFinish={(v) => void submit(v)}
        disabled={view.blocked !== null}
      >
        <Form.Item label={t("hpcConsole.template")}>
          <Radio.Group
            value={template}
            onChange={(e) => pick(e.target.value as JobTemplate)}
            optionType="button"
            data-testid="hpc-console-template"
            options={JOB_TEMPLATES.map((tpl) => ({
              value: tpl,
              label: t(`hpcConsole.templates.${tpl}`),
              disabled: tpl === "gpu" && !gpuPool,
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t("hpcConsole.jobName")} rules={[{ required: true, max: 64 }]}>
              <Input maxLength={64} data-testid="hpc-console-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="partition" label={t("hpc.fields.partition")}>
              <Select
                options={[{ value: pool.partition, label: pool.partition }]}
                data-testid="hpc-console-partition"
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="cpus" label={t("hpcConsole.cpus")} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} style={{ width: "100%" }} data-testid="hpc-console-cpus" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item
              name="gpus"
              label={t("hpcConsole.gpus")}
              rules={[{ required: true }]}
              extra={gpuPool ? undefined : t("hpcConsole.noGpus")}
            >
              <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid="hpc-console-gpus" />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="timeLimitMinutes" label={t("hpcConsole.timeLimit")} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} style={{ width: "100%" }} data-testid="hpc-console-time" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="script"
          label={t("hpcConsole.script")}
          extra={t("hpcConsole.scriptHint", { kb: view.maxScriptBytes / 1024 })}
        >
          <Input.TextArea
            rows={12}
            spellCheck={false}
            style={{ fontFamily: "monospace" }}
            // A batch script is code the user edits, in no human language.
            data-user-data=""
            data-testid="hpc-console-script"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="hpc-console-submit-button">
          {t("hpcConsole.submit")}
        </Button>
      </Form>
    </Card>
  );
}
