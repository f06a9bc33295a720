// Submitting a training job: the AI pool, then the definition as a form or as YAML with the same
// fields (an example can be inserted). The server checks both the same way; its refusal (an empty
// or malformed YAML, a field, a limit of the pool) shows under the form and nothing is submitted.
import type { TrainingDefinitionInput, TrainingPool } from "@skyledger/contracts";
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { limitText } from "../../../features/hpc/hpc-labels";
import { trainingApi } from "../../../features/hpc/modelarts-api";
import { ApiError } from "../../../lib/api-client";

type Source = "form" | "yaml";
type FormValues = Omit<TrainingDefinitionInput, "image" | "environment"> & {
  runtime: "image" | "environment";
  runtimeValue: string;
};

export const YAML_EXAMPLE = `# A training job of the AI development platform
name: resnet50-demo
image: pytorch/pytorch:2.3.0-cuda12.1   # or  environment: cuda/12.1
command: |
  echo "loading data from $DATA_PATH"
  python train.py --epochs 10
gpus: 1
cpus: 8
memoryGb: 32
timeLimitMinutes: 60
dataPath: /data/imagenet
`;

export function SubmitDialog({
  open,
  pools,
  onClose,
  onSubmitted,
}: {
  open: boolean;
  pools: TrainingPool[];
  onClose(): void;
  onSubmitted(id: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [poolId, setPoolId] = useState<string | undefined>();
  const [source, setSource] = useState<Source>("yaml");
  const [yaml, setYaml] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pool = pools.find((p) => p.id === (poolId ?? pools[0]?.id));

  const submit = async () => {
    if (!pool) return;
    setRefusal(null);
    let definition: TrainingDefinitionInput | undefined;
    if (source === "form") {
      const v = await form.validateFields();
      definition = {
        name: v.name,
        image: v.runtime === "image" ? v.runtimeValue : null,
        environment: v.runtime === "environment" ? v.runtimeValue : null,
        command: v.command,
        gpus: v.gpus,
        cpus: v.cpus,
        memoryGb: v.memoryGb,
        timeLimitMinutes: v.timeLimitMinutes,
        dataPath: v.dataPath ? v.dataPath : null,
      };
    }
    setSaving(true);
    try {
      const job = await trainingApi.submit({
        poolId: pool.id,
        source,
        ...(source === "yaml" ? { yaml } : { definition }),
      });
      setYaml("");
      form.resetFields();
      onSubmitted(job.id);
    } catch (error) {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("hpc.modelarts.new")}
      okText={t("hpc.modelarts.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={() => {
        setRefusal(null);
        onClose();
      }}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "modelarts-submit" }}
      width={720}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Select<string>
          value={pool?.id}
          onChange={setPoolId}
          aria-label={t("hpc.modelarts.fields.pool")}
          style={{ width: "100%" }}
          options={pools.map((p) => ({
            value: p.id,
            label: `${p.name} · ${p.partition}${p.simulated ? ` · ${t("hpc.simulated.tag")}` : ""}`,
          }))}
          data-testid="modelarts-pool"
        />
        {pool && (
          <Typography.Text type="secondary" data-testid="modelarts-pool-limits">
            {t("hpc.modelarts.poolLimits", { cpus: limitText(pool.cpus, t), gpus: limitText(pool.gpus, t) })}
          </Typography.Text>
        )}
        {pool && !pool.clusterUser && <Alert type="warning" showIcon title={t("hpc.modelarts.notMember")} />}
        <Tabs
          activeKey={source}
          onChange={(key) => setSource(key as Source)}
          items={[
            {
              key: "yaml",
              label: <span data-testid="modelarts-tab-yaml">{t("hpc.modelarts.yaml")}</span>,
              children: (
                <Space orientation="vertical" style={{ width: "100%" }}>
                  <Typography.Text type="secondary">{t("hpc.modelarts.yamlHint")}</Typography.Text>
                  <Button
                    size="small"
                    onClick={() => setYaml(YAML_EXAMPLE)}
                    data-testid="modelarts-yaml-example"
                  >
                    {t("hpc.modelarts.insertExample")}
                  </Button>
                  <Input.TextArea
                    value={yaml}
                    onChange={(e) => setYaml(e.target.value)}
                    rows={14}
                    spellCheck={false}
                    style={{ fontFamily: "monospace" }}
                    aria-label={t("hpc.modelarts.yaml")}
                    data-testid="modelarts-yaml"
                  />
                </Space>
              ),
            },
            {
              key: "form",
              label: <span data-testid="modelarts-tab-form">{t("hpc.modelarts.form")}</span>,
              children: (
                <Form<FormValues>
                  form={form}
                  layout="vertical"
                  preserve
                  initialValues={{ runtime: "image", gpus: 1, cpus: 4, memoryGb: 16, timeLimitMinutes: 60 }}
                >
                  <Form.Item
                    name="name"
                    label={t("hpc.modelarts.fields.name")}
                    rules={[{ required: true, message: t("validation.required") }]}
                  >
                    <Input maxLength={64} data-testid="modelarts-form-name" />
                  </Form.Item>
                  <Form.Item name="runtime" label={t("hpc.modelarts.fields.runtime")}>
                    <Radio.Group
                      options={[
                        { value: "image", label: t("hpc.modelarts.fields.image") },
                        { value: "environment", label: t("hpc.modelarts.fields.environment") },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name="runtimeValue"
                    label={t("hpc.modelarts.fields.runtimeValue")}
                    extra={t("hpc.modelarts.runtimeHint")}
                    rules={[{ required: true, message: t("validation.required") }]}
                  >
                    <Input maxLength={255} data-testid="modelarts-form-runtime" />
                  </Form.Item>
                  <Form.Item
                    name="command"
                    label={t("hpc.modelarts.fields.command")}
                    rules={[{ required: true, message: t("validation.required") }]}
                  >
                    <Input.TextArea
                      rows={4}
                      maxLength={4000}
                      style={{ fontFamily: "monospace" }}
                      data-testid="modelarts-form-command"
                    />
                  </Form.Item>
                  <Space wrap>
                    <Form.Item
                      name="gpus"
                      label={t("hpc.modelarts.fields.gpus")}
                      rules={[{ required: true, message: t("validation.required") }]}
                    >
                      <InputNumber min={0} max={64} precision={0} />
                    </Form.Item>
                    <Form.Item
                      name="cpus"
                      label={t("hpc.modelarts.fields.cpus")}
                      rules={[{ required: true, message: t("validation.required") }]}
                    >
                      <InputNumber min={1} max={1024} precision={0} />
                    </Form.Item>
                    <Form.Item
                      name="memoryGb"
                      label={t("hpc.modelarts.fields.memoryGb")}
                      rules={[{ required: true, message: t("validation.required") }]}
                    >
                      <InputNumber min={1} max={2048} precision={0} />
                    </Form.Item>
                    <Form.Item
                      name="timeLimitMinutes"
                      label={t("hpc.modelarts.fields.timeLimitMinutes")}
                      rules={[{ required: true, message: t("validation.required") }]}
                    >
                      <InputNumber min={1} max={10080} precision={0} />
                    </Form.Item>
                  </Space>
                  <Form.Item name="dataPath" label={t("hpc.modelarts.fields.dataPath")}>
                    <Input maxLength={256} placeholder="/data/imagenet" />
                  </Form.Item>
                </Form>
              ),
            },
          ]}
        />
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="modelarts-refusal" />}
      </Space>
    </Modal>
  );
}
