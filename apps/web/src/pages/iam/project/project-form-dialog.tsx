// Create or edit a project: name (spec §5 names rule, unique in the organisation), description
// (empty or 2–256), contact (required) and phone (11 digits starting 13–19).
import { type ProjectBody, type ProjectDetail, type ProjectRecord, projectBody } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { projectsApi } from "../../../features/projects/projects-api";

type Values = { name: string; description: string; contact: string; phone: string };

type Props = {
  /** The project to edit; null creates one. */
  project: ProjectRecord | null;
  open: boolean;
  onClose(): void;
  onSaved(project: ProjectDetail): void;
};

const shape = projectBody.shape;

export function ProjectFormDialog({ project, open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    const body: ProjectBody = {
      name: values.name.trim(),
      description: values.description?.trim() ?? "",
      contact: values.contact.trim(),
      phone: values.phone.trim(),
    };
    const saved = project
      ? await projectsApi.update(project.projectId, body)
      : await projectsApi.create(body);
    void message.success(t(project ? "project.updated" : "project.created", { name: saved.name }));
    onSaved(saved);
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={project ? t("project.editTitle", { name: project.name }) : t("project.createTitle")}
      okText={t("common.save")}
      submitTestId="project-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      width={560}
      preserve={false}
      initialValues={
        project
          ? {
              name: project.name,
              description: project.description,
              contact: project.contact,
              phone: project.phone,
            }
          : { name: "", description: "", contact: "", phone: "" }
      }
    >
      <Form.Item
        required
        name="name"
        label={t("project.fields.name")}
        rules={[zodRule(shape.name, t)]}
        extra={t("project.nameHint")}
      >
        <Input maxLength={128} autoComplete="off" data-testid="project-form-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("project.fields.description")}
        rules={[zodRule(shape.description, t)]}
        extra={t("project.descriptionHint")}
      >
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="project-form-description"
        />
      </Form.Item>
      <Form.Item
        required
        name="contact"
        label={t("project.fields.contact")}
        rules={[zodRule(shape.contact, t)]}
      >
        <Input maxLength={32} autoComplete="off" data-testid="project-form-contact" />
      </Form.Item>
      <Form.Item required name="phone" label={t("project.fields.phone")} rules={[zodRule(shape.phone, t)]}>
        <Input maxLength={11} inputMode="numeric" autoComplete="off" data-testid="project-form-phone" />
      </Form.Item>
    </FormDialog>
  );
}
